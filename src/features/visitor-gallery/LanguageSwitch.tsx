/**
 * The visitor's language menu (issue 27): the gallery opens in its language (the page names it), and a
 * visitor reading another can switch; the choice stays on this device and the page reloads in it. In the
 * owner's preview the menu changes the preview's language only (never the device's, which is the owner's).
 */
import { activeLocale } from "../../lib/i18n/i18n";
import { LOCALES, LOCALE_NAMES, isLocale } from "../../lib/i18n/locales";
import { previewParams } from "../../lib/previewParams";
import { chooseLocale } from "../../state/catalogues";
import { reloadPreview } from "./PreviewBar";
import { GALLERY_TEXTS } from "./texts";

function choose(locale: string) {
  if (!isLocale(locale)) return;
  const preview = previewParams(window.location.search);
  if (preview) reloadPreview({ lang: locale }, document.documentElement.dataset.theme === "dark" ? "dark" : "light");
  else chooseLocale(locale);
}

export function LanguageSwitch() {
  return (
    <select className="language-switch" aria-label={GALLERY_TEXTS.language} value={activeLocale()} onChange={(e) => choose(e.target.value)}>
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
