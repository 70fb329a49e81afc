/** The seven languages as a select's options, each named in its own language and marked with its `lang`. */
import { LOCALES, LOCALE_NAMES } from "../lib/i18n/locales";

export function LocaleOptions() {
  return (
    <>
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </>
  );
}
