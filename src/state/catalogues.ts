/**
 * Where catalogues come from (issue 27): `src/locales/<locale>/<namespace>.json`, each its own chunk, so an
 * app loads only its namespaces in only the active language (English needs none: the texts are written in
 * it). The first `switchLocale` of a page names its namespaces; later switches (a menu) reuse them. A switch made by a person reloads the page (`chooseLocale`): modules may read their texts as they load.
 */
import { activate, activeLocale } from "../lib/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../lib/i18n/locales";

const CATALOGUES = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

/** Every namespace that has a catalogue (the owner's app shows them all). */
export const ALL_NAMESPACES: readonly string[] = [...new Set(Object.keys(CATALOGUES).map((file) => file.split("/").pop()!.replace(/\.json$/, "")))];

let pageNamespaces: readonly string[] = [];

function catalogue(locale: Locale, namespace: string) {
  const load = locale === DEFAULT_LOCALE ? undefined : CATALOGUES[`../locales/${locale}/${namespace}.json`];
  return load ? load().then((module) => ({ namespace, messages: module.default })) : Promise.resolve({ namespace, messages: {} });
}

/** Makes `locale` the active language; a catalogue that cannot load (an old cache, a lost connection) leaves the one before. */
export async function switchLocale(locale: Locale, namespaces: readonly string[] = pageNamespaces): Promise<void> {
  pageNamespaces = namespaces;
  try {
    await activate(locale, namespaces.map((namespace) => catalogue(locale, namespace)));
  } catch {
    if (!activeLocale()) await activate(DEFAULT_LOCALE, []);
  }
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

/** Remembers (or forgets, with null) this device's choice. */
export function rememberLocale(locale: Locale | null): void {
  try {
    if (locale) localStorage.setItem(KEY, locale);
    else localStorage.removeItem(KEY);
  } catch {
    // storage refused: the choice lasts this page
  }
}

/** A person's choice from a menu (null: follow the browser again): remembered on this device, then the page reloads in it. */
export function chooseLocale(locale: Locale | null): void {
  rememberLocale(locale);
  window.location.reload();
}
