/** Which language each app starts in (issue 27); the catalogues themselves are src/lib/i18n/catalogues.ts's. */
import { ALL_NAMESPACES, chosenLocale, switchLocale } from "../state/catalogues";
import { activeLocale, onLocaleChange } from "../lib/i18n/i18n";
import { pickLocale, type Locale } from "../lib/i18n/locales";
import { previewParams } from "../lib/previewParams";

/** The namespaces (texts.ts of `localized`) the visitor's gallery shows. */
export const VISITOR_NAMESPACES = ["visitor-gallery", "visitor-proofing", "visitor-preview", "downloads", "ui", "app", "refusals", "visitor-errors"];

function browserLanguages(): readonly string[] {
  return typeof navigator === "undefined" ? [] : navigator.languages;
}

/** The owner's app: the device's setting, else the browser's languages. */
export function ownerLocale(): Locale {
  return pickLocale(chosenLocale(), browserLanguages());
}

/**
 * The visitor's gallery: a language the visitor switched to on this device, else the one the server wrote
 * into the page (the gallery's own, else the browser's, else the studio's: pb_hooks/lib/rules/gallery_language.js),
 * else the browser's languages. The owner's preview (issue 27) shows the language it asks for and never this
 * device's choice (the owner's own app language, kept under the same key on the same origin).
 */
export function visitorLocale(): Locale {
  const served = document.querySelector<HTMLMetaElement>('meta[name="gallery-language"]')?.content;
  const preview = previewParams(window.location.search);
  if (preview) return pickLocale(preview.lang, served);
  return pickLocale(chosenLocale(), served, browserLanguages());
}

/** Starts a page in `locale` with its namespaces, and keeps `<html lang>` on the active language. */
export async function startLocale(locale: Locale, namespaces: readonly string[] = ALL_NAMESPACES): Promise<void> {
  onLocaleChange(() => (document.documentElement.lang = activeLocale()));
  await switchLocale(locale, namespaces);
  document.documentElement.lang = activeLocale();
}
