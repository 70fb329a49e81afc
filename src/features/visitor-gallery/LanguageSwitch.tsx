/**
 * The visitor's language menu (issue 27): the gallery opens in its language (the page names it), and a
 * visitor reading another can switch; the choice stays on this device and the page reloads in it.
 */
import { activeLocale } from "../../lib/i18n/i18n";
import { LOCALES, LOCALE_NAMES, isLocale } from "../../lib/i18n/locales";
import { chooseLocale } from "../../state/catalogues";
import { GALLERY_TEXTS } from "./texts";

export function LanguageSwitch() {
  return (
    <select className="language-switch" aria-label={GALLERY_TEXTS.language} value={activeLocale()} onChange={(e) => isLocale(e.target.value) && chooseLocale(e.target.value)}>
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
