/**
 * The catalogues against the English texts (issue 27): every localized namespace is translated into every
 * language, key for key; an ICU message keeps the English one's arguments and renders in its language; and
 * a feature's texts.ts that is not `localized` must be on the shrinking list below, so a new hard-coded
 * English text cannot slip in unnoticed.
 */
import { readFileSync } from "node:fs";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { ENGLISH, flattenCatalogue, i18n, isIcu, isLocalizedTexts } from "../lib/i18n/i18n";
import { LOCALES } from "../lib/i18n/locales";

const TEXTS = import.meta.glob<Record<string, unknown>>("../**/texts.ts", { eager: true });
const CATALOGUES = import.meta.glob<{ default: Record<string, string> }>("./*/*.json", { eager: true });

/** texts.ts files still plain English, to be localized; this list only shrinks. */
const NOT_YET_LOCALIZED: string[] = [];

/** English entries by dotted key: plain texts and ICU messages (pass-through functions have no catalogue entry). */
function englishEntries(texts: Record<string, unknown>, prefix = ""): Array<[string, string | { icu: string; names: readonly string[] }]> {
  return Object.entries(texts).flatMap(([key, value]) => {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string" || isIcu(value)) return [[id, value] as [string, string | { icu: string; names: readonly string[] }]];
    if (Array.isArray(value)) return value.map((text: string, i: number) => [`${id}.${i}`, text] as [string, string]);
    if (value && typeof value === "object") return englishEntries(value as Record<string, unknown>, id);
    return [];
  });
}

/** The argument names a message uses, at any depth (plural and select branches included). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  // Lingui's compiled form: a list of strings and [name, type?, branches?] arguments.
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      names.add(String(part[0]));
      const branches = part[2];
      if (branches && typeof branches === "object") Object.values(branches).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

const translated = LOCALES.filter((l) => l !== "en");

describe("catalogues", () => {
  it("has a texts.ts for every localized namespace, and the list of plain ones holds only plain ones", () => {
    const plain = Object.entries(TEXTS)
      .filter(([file]) => !file.endsWith(".test.ts"))
      .filter(([, module]) => !Object.values(module).some(isLocalizedTexts))
      .map(([file]) => file)
      .sort();
    expect(plain).toEqual([...NOT_YET_LOCALIZED].sort());
  });

  for (const locale of translated) {
    for (const [namespace, english] of ENGLISH) {
      it(`${locale}/${namespace}.json translates every text of ${namespace}, and nothing else`, () => {
        const file = CATALOGUES[`./${locale}/${namespace}.json`]?.default;
        expect(file, `src/locales/${locale}/${namespace}.json is missing`).toBeDefined();
        const catalogue = flattenCatalogue(file!);
        const entries = englishEntries(english);
        expect(Object.keys(catalogue).sort()).toEqual(entries.map(([k]) => k).sort());
        for (const [key, value] of entries) {
          const message = catalogue[key];
          if (typeof value === "string") expect(message?.trim(), `${key} is empty`).toBeTruthy();
          if (isIcu(value)) expect(argumentsOf(message!), `${key}'s arguments`).toEqual(argumentsOf(value.icu));
        }
      });
    }
  }

  it("English ICU messages name the arguments their callers pass", () => {
    for (const [namespace, english] of ENGLISH) {
      for (const [key, value] of englishEntries(english)) {
        if (isIcu(value)) expect(argumentsOf(value.icu), `${namespace}.${key}`).toEqual([...value.names].sort());
      }
    }
  });

  it("renders a plural in German and French as those languages write it", async () => {
    const de = JSON.parse(readFileSync(new URL("./de/dashboard.json", import.meta.url), "utf8")) as Record<string, string>;
    i18n.load("de", { "dashboard.expiresIn": de.expiresIn! });
    i18n.activate("de");
    expect(i18n._("dashboard.expiresIn", { days: 1, date: "5. Januar 2026" })).toBe("Galerie läuft in 1 Tag ab (5. Januar 2026)");
    expect(i18n._("dashboard.expiresIn", { days: 3, date: "5. Januar 2026" })).toBe("Galerie läuft in 3 Tagen ab (5. Januar 2026)");
    i18n.activate("en");
  });
});

