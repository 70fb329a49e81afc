/**
 * Refusals as codes (issue 37, item 9): every code of the server's registry (pb_hooks/lib/rules/refusals.js) walks
 * through every catalogue, translated (not left in English) with exactly the code's parameters; the app
 * finds a refusal on what it caught and shows it in the active language, the server's English only for a
 * code it does not know.
 */
import { existsSync, readFileSync } from "node:fs";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { afterEach, describe, expect, it } from "vitest";
import { REFUSALS, paramsOf } from "../../../pb_hooks/lib/rules/refusals.js";
import { activate } from "../i18n/i18n";
import { LOCALES } from "../i18n/locales";
import { refusalIn, refusalMessage, refusalText } from "./refusals";

function catalogue(locale: string): Record<string, string> | undefined {
  const file = new URL(`../../locales/${locale}/refusals.json`, import.meta.url);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : undefined;
}

/** The argument names of an ICU message, sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const part of compileMessage(message)) if (Array.isArray(part)) names.add(String(part[0]));
  return [...names].sort();
}

const codes = Object.keys(REFUSALS) as Array<keyof typeof REFUSALS>;

afterEach(async () => activate("en", []));

describe("the registry", () => {
  it("names each code in snake case with an English sentence whose placeholders are its parameters", () => {
    expect(codes.length).toBeGreaterThan(40);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(REFUSALS[code].trim(), code).toBeTruthy();
      expect(argumentsOf(REFUSALS[code]), code).toEqual([...paramsOf(code)].sort());
    }
  });
});

for (const locale of LOCALES.filter((l) => l !== "en")) {
  describe(`src/locales/${locale}/refusals.json`, () => {
    it("translates every code, no more, each with the code's parameters and none left in English", () => {
      const texts = catalogue(locale);
      expect(texts, `src/locales/${locale}/refusals.json is missing`).toBeDefined();
      expect(Object.keys(texts!).sort()).toEqual([...codes].sort());
      for (const code of codes) {
        const text = texts![code]!;
        expect(text.trim(), `${locale} ${code}`).toBeTruthy();
        expect(text, `${locale} ${code} is the English`).not.toBe(REFUSALS[code]);
        expect(argumentsOf(text), `${locale} ${code}'s parameters`).toEqual([...paramsOf(code)].sort());
      }
    });
  });
}

describe("refusalText", () => {
  it("shows a code in the active language with its parameters, and the server's English for an unknown code", async () => {
    await activate("de", [Promise.resolve({ namespace: "refusals", messages: catalogue("de")! })]);
    expect(refusalText({ code: "person_required", message: REFUSALS.person_required })).toBe(
      "Sagen Sie uns zuerst Ihren Namen, damit das Fotostudio weiß, wessen Auswahl das ist.",
    );
    expect(refusalText({ code: "list_full", message: "x", params: { limit: 3, list: "Prints {n}" } })).toBe(
      "Für Prints {n} können Sie bis zu 3 Fotos auswählen. Entfernen Sie eines, um ein anderes auszuwählen.",
    );
    expect(refusalText({ code: "a_newer_servers_code", message: "Something new." }, "fallback")).toBe("Something new.");
    expect(refusalText({ code: "a_newer_servers_code" }, "fallback")).toBe("fallback");
    await activate("en", []);
    expect(refusalText({ code: "name_too_long", params: { max: 60 } })).toBe("A name can have at most 60 characters.");
  });

  it("finds the refusal on an answer's body, an error holding it (the SDK's response, the gallery's data), or nowhere", async () => {
    await activate("fr", [Promise.resolve({ namespace: "refusals", messages: catalogue("fr")! })]);
    const refusal = { code: "pin_wrong", message: "The download PIN is not right." };
    expect(refusalIn({ status: 401, message: refusal.message, data: { refusal } })).toEqual(refusal);
    expect(refusalIn({ status: 401, response: { data: { refusal } } })).toEqual(refusal);
    expect(refusalIn({ status: 401, data: { refusal } })).toEqual(refusal);
    expect(refusalIn(new Error("plain"))).toBeNull();
    expect(refusalIn("text")).toBeNull();
    expect(refusalMessage({ data: { refusal } }, "fallback")).toBe("Ce code PIN de téléchargement est incorrect.");
    expect(refusalMessage(new Error("plain"), "fallback")).toBe("fallback");
  });
});
