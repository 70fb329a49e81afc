/**
 * The languages both apps speak (issue 27) and how one is chosen from what a browser, a gallery or the
 * studio asks for. BCP 47 tags as `Intl` and `navigator.languages` write them.
 */
export const LOCALES = ["en", "de", "fr", "es", "it", "pt-BR", "nl"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** Each language's own name, as a menu lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  "pt-BR": "Português (Brasil)",
  nl: "Nederlands",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The supported locale a tag names: exact ("pt-BR"), then by language ("de-AT" -> "de", "pt-PT" -> "pt-BR"); null when none. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.split(/[-_]/)[0]!.toLowerCase();
  return LOCALES.find((l) => l.split("-")[0] === language) ?? null;
}

/** The first of `wishes` (most wanted first; empty entries skipped) that this app speaks, else English. */
export function pickLocale(...wishes: ReadonlyArray<string | null | undefined | readonly string[]>): Locale {
  for (const wish of wishes.flat()) {
    const found = matchLocale(wish);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}
