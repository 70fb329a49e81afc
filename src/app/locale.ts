/**
 * Which language each app starts in, and where its catalogues come from (issue 27). Catalogues are
 * `src/locales/<locale>/<namespace>.json`, each its own chunk: an app loads only its namespaces in only the
 * active language (English needs none: the texts are written in it).
 */
import { activate, activeLocale } from "../lib/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, pickLocale, type Locale } from "../lib/i18n/locales";

const CATALOGUES = import.meta.glob<{ default: Record<string, string> }>("../locales/*/*.json");

/** The namespaces (texts.ts of `localized`) the visitor's gallery shows. */
export const VISITOR_NAMESPACES = ["visitor-gallery", "downloads", "ui"];
/** The owner's app shows every namespace. */
export const OWNER_NAMESPACES = [...new Set(Object.keys(CATALOGUES).map((file) => file.split("/").pop()!.replace(/\.json$/, "")))];

function catalogue(locale: Locale, namespace: string) {
  const load = locale === DEFAULT_LOCALE ? undefined : CATALOGUES[`../locales/${locale}/${namespace}.json`];
  return load ? load().then((module) => ({ namespace, messages: module.default })) : Promise.resolve({ namespace, messages: {} });
}

/** Makes `locale` the active language; a catalogue that cannot load (an old cache, a lost connection) leaves English. */
export async function activateLocale(locale: Locale, namespaces: readonly string[]): Promise<void> {
  try {
    await activate(locale, namespaces.map((namespace) => catalogue(locale, namespace)));
  } catch {
    await activate(DEFAULT_LOCALE, []);
  }
  document.documentElement.lang = activeLocale();
}

const KEY = "studio-gallery.locale";

/** The language chosen on this device, if any (the owner's setting, or a visitor's switch). */
export function chosenLocale(): Locale | null {
  try {
    const value = localStorage.getItem(KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLocale(locale: Locale | null): void {
  try {
    if (locale) localStorage.setItem(KEY, locale);
    else localStorage.removeItem(KEY);
  } catch {
    // storage refused: the choice lasts this page
  }
}

/** The owner's app: the device's setting, else the browser's languages. */
export function ownerLocale(): Locale {
  return pickLocale(chosenLocale(), typeof navigator === "undefined" ? [] : navigator.languages);
}

/** The visitor's gallery: a language switched to on this device, else the browser's languages. */
export function visitorLocale(): Locale {
  return pickLocale(chosenLocale(), typeof navigator === "undefined" ? [] : navigator.languages);
}
