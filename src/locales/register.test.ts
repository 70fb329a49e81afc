/**
 * One voice per language (issue 37): every catalogue speaks to its reader in one register (German "Sie",
 * French "vous", Spanish "tú", Italian "tu", Dutch "je", Brazilian Portuguese "você"), no translation is
 * left as its English source unless the word is the same in that language, and French writes its own
 * typography: a narrow no-break space before : ; ? ! and inside « », the typographic apostrophe, and one
 * word for the settings page.
 */
import { describe, expect, it } from "vitest";
import { ENGLISH, flattenCatalogue, isIcu } from "../lib/i18n/i18n";
import { LOCALES } from "../lib/i18n/locales";

// Importing every texts.ts fills ENGLISH.
import.meta.glob("../**/texts.ts", { eager: true });
const CATALOGUES = import.meta.glob<{ default: Record<string, string> }>("./*/*.json", { eager: true });

/** Every (namespace, key, text) of a language's catalogues. */
function entries(locale: string): Array<[string, string]> {
  return Object.entries(CATALOGUES)
    .filter(([file]) => file.startsWith(`./${locale}/`))
    .flatMap(([file, module]) => Object.entries(flattenCatalogue(module.default)).map(([key, text]) => [`${file.slice(locale.length + 3, -5)}.${key}`, text] as [string, string]));
}

/** A whole word: no letter either side (JavaScript's \b knows only ASCII letters). */
const word = (alternatives: string) => new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, "u");

/** The other register of each language: a text that uses it speaks to its reader in the wrong voice. */
const OTHER_REGISTER: Record<string, RegExp> = {
  de: word("[Dd]u|[Dd]ich|[Dd]ir|[Dd]ein\\p{L}*|hast|kannst|musst|möchtest|bist|willst|brauchst|siehst|wirst|heißt|weißt"),
  fr: word("tu|ton|ta|tes|toi|t’|te"),
  es: word("[Uu]sted|[Uu]stedes"),
  it: word("Lei|Suo|Sua|Suoi|Sue|La preghiamo"),
  nl: word("[Uu]|[Uu]w"),
  "pt-BR": word("tu|teu|tua|teus|tuas"),
};

/** English texts by "namespace.key" (plain texts and ICU messages). */
function english(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === "string") out.set(prefix, value);
    else if (isIcu(value)) out.set(prefix, value.icu);
    else if (Array.isArray(value)) value.forEach((v: unknown, i) => walk(`${prefix}.${i}`, v));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(`${prefix}.${k}`, v);
  };
  for (const [namespace, texts] of ENGLISH) walk(namespace, texts);
  return out;
}

/** Texts that are the same in a language as in English: names, units, loanwords (a translation may equal its source). */
const SAME_IN: Record<string, string[]> = {
  ALL: ["ID: {id}", "{kb} KB", "https://"],
  de: ["Original", "Sets", "Set: {name}", "Downloads", "Name", "Status", "Branding", "System", "Modern", "Elegant", "Dashboard", "Online", "Offline", "Pause", "In {list}", "Video", "Video, {length}"],
  fr: [
    "{n, plural, one {# image} other {# images}}",
    "{n, plural, one {# photo} other {# photos}}",
    "{zips} ({photos, plural, one {# photo} other {# photos}})",
    "Images",
    "Clients",
    "Actions",
    "Notes",
    "Licence (AGPL-3.0-or-later)",
    "Pause",
    "Portrait",
    "Original",
  ],
  es: ["Error", "General", "Original"],
  it: ["Password", "Email", "Branding", "Dashboard", "Online", "Offline", "In {list}", "Video", "Video, {length}"],
  "pt-BR": ["Downloads", "Status", "Original"],
  nl: ["Sets", "Set: {name}", "Downloads", "Status", "Modern", "Elegant", "Dashboard", "Online", "Offline", "In {list}", "Video", "Video, {length}"],
};

describe("one register per language", () => {
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale} speaks to its reader in one register`, () => {
      const pattern = OTHER_REGISTER[locale];
      expect(pattern, `no register rule for ${locale}`).toBeDefined();
      const wrong = entries(locale).filter(([, text]) => pattern!.test(text.replace(/\{[^{}]*\}/g, "")));
      expect(wrong.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    });
  }
});

describe("no English left in a translation", () => {
  const source = english();
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale} translates every text that has a word of its own`, () => {
      const same = new Set([...SAME_IN.ALL!, ...(SAME_IN[locale] ?? [])]);
      const untranslated = entries(locale).filter(([key, text]) => source.get(key) === text && !same.has(text) && /\p{L}{2}/u.test(text.replace(/\{[^{}]*\}/g, "")));
      expect(untranslated.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    });
  }
});

describe("French typography", () => {
  const french = entries("fr");
  const failing = (test: (text: string) => boolean) => french.filter(([, text]) => test(text)).map(([key, text]) => `${key}: ${text}`);

  it("puts a narrow no-break space before : ; ? ! and » and after «, never a plain or wide one", () => {
    expect(failing((t) => /[ \u00a0][:;?!»]|«[ \u00a0]/u.test(t))).toEqual([]);
    // A word glued to its mark: "Erreur:" (a colon in a URL or a time has no space after it).
    expect(failing((t) => /[\p{L}}][:;?!](?:\s|$)/u.test(t))).toEqual([]);
  });

  it("writes the typographic apostrophe", () => {
    expect(failing((t) => t.includes("'"))).toEqual([]);
  });

  it("names the settings page with one word", () => {
    expect(failing((t) => /Réglages|réglages/u.test(t))).toEqual([]);
    expect(french.some(([, t]) => t.includes("Paramètres"))).toBe(true);
  });
});
