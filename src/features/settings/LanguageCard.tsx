/**
 * Settings > Language (issue 27): the language of the owner's app on this device; by default the browser's.
 * A choice reloads the app in it (src/state/catalogues.ts).
 */
import { useId } from "react";
import { LOCALE_NAMES, isLocale, pickLocale } from "../../lib/i18n/locales";
import { chooseLocale, chosenLocale } from "../../state/catalogues";
import { LocaleOptions } from "../../ui/LocaleOptions";
import "./settings.css";
import { SETTINGS_TEXTS } from "./texts";

const BROWSER = "";

export function LanguageCard() {
  const id = useId();
  const chosen = chosenLocale();
  const browser = LOCALE_NAMES[pickLocale(navigator.languages)];
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{SETTINGS_TEXTS.languageTitle}</h2>
      <label className="field" htmlFor={id}>
        <span>{SETTINGS_TEXTS.languageLabel}</span>
        <select id={id} value={chosen ?? BROWSER} onChange={(e) => chooseLocale(isLocale(e.target.value) ? e.target.value : null)}>
          <option value={BROWSER}>{SETTINGS_TEXTS.languageBrowser(browser)}</option>
          <LocaleOptions />
        </select>
      </label>
      <p className="muted">{SETTINGS_TEXTS.languageHint}</p>
    </section>
  );
}
