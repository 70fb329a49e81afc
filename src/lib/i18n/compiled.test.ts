/**
 * Messages compiled at build time (issue 43, vite-plugin-compiled-messages.ts): every catalogue and English
 * ICU text compiles to what Lingui's parser gives in the browser today, plain texts read back exactly, and the
 * run-time compiler left for the refusals' English agrees with Lingui's.
 */
/// <reference types="vite/client" />
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { compileCatalogue, compileIcuCalls, compileOne } from "../../../vite-plugin-compiled-messages";
import { REFUSALS, paramsOf } from "../../../pb_hooks/lib/rules/refusals.js";
import { COMPILED, compileSimple, printCompiled, type CompiledParts } from "./compiled";
import { ENGLISH, activate, flattenCatalogue, i18n, isIcu } from "./i18n";

const TEXTS = import.meta.glob("../../**/texts.ts", { eager: true });
const LOCALES_DIR = path.resolve(import.meta.dirname, "../../locales");

/** Whether each English entry (dotted id with its namespace) is an ICU message. */
function icuIds(): Map<string, boolean> {
  const kinds = new Map<string, boolean>();
  const walk = (node: Record<string, unknown>, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      const id = `${prefix}.${key}`;
      if (typeof value === "string") kinds.set(id, false);
      else if (isIcu(value)) kinds.set(id, true);
      else if (Array.isArray(value)) value.forEach((_, i) => kinds.set(`${id}.${i}`, false));
      else if (value && typeof value === "object") walk(value as Record<string, unknown>, id);
    }
  };
  for (const [namespace, english] of ENGLISH) walk(english as Record<string, unknown>, namespace);
  return kinds;
}

/** A compiled message of strings alone as the one string it prints. */
const asText = (message: unknown): unknown =>
  Array.isArray(message) && message.every((p) => typeof p === "string") ? message.join("") : message;

describe("messages compiled at build time", () => {
  it("prints every catalogue's plain texts back exactly, and compiles its ICU messages as Lingui does", () => {
    expect(Object.keys(TEXTS).length).toBeGreaterThan(10);
    const kinds = icuIds();
    let plain = 0;
    let icu = 0;
    for (const locale of readdirSync(LOCALES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(path.join(LOCALES_DIR, locale.name)).filter((f) => f.endsWith(".json"))) {
        const namespace = file.replace(/\.json$/, "");
        const source = JSON.parse(readFileSync(path.join(LOCALES_DIR, locale.name, file), "utf8")) as Record<string, unknown>;
        const built = compileCatalogue(source);
        expect(built[COMPILED]).toBe(1);
        for (const [id, raw] of Object.entries(flattenCatalogue(source))) {
          const message = built[id];
          if (kinds.get(`${namespace}.${id}`)) {
            icu++;
            expect(asText(message), `${locale.name}/${file} ${id}`).toEqual(asText(compileMessage(raw)));
          } else {
            plain++;
            expect(typeof message === "string" ? message : printCompiled(message as CompiledParts), `${locale.name}/${file} ${id}`).toBe(raw);
          }
        }
      }
    }
    expect(plain).toBeGreaterThan(1000);
    expect(icu).toBeGreaterThan(500);
  });

  it("leaves no brace or apostrophe in a compiled plain string, so nothing reads it as a message again", () => {
    expect(compileOne("Hallo")).toBe("Hallo");
    expect(compileOne("l'image")).toEqual(["l'image"]);
    expect(compileOne("Hallo {client},")).toEqual(["Hallo ", ["client"], ","]);
    expect(compileOne("It''s '{'here'}'")).toEqual(["It's {here}"]);
  });

  it("compiles the English icu() literals of a texts.ts, and only those", () => {
    const code = `export const T = localized("x", {\n  plain: "a {b}",\n  n: icu<[number]>(\n    "{n, plural, one {# photo} other {# photos}}",\n    "n",\n  ),\n  s: icu<[string]>('Hi {name}', "name"),\n});`;
    const out = compileIcuCalls(code, "texts.ts")!;
    expect(out).toContain(`plain: "a {b}"`);
    expect(out).toContain(JSON.stringify(compileMessage("{n, plural, one {# photo} other {# photos}}")));
    expect(out).toContain(`icu<[string]>(["Hi ",["name"]], "name")`);
    expect(compileIcuCalls(`export const A = "no messages";`, "texts.ts")).toBeNull();
  });

  it("compiles each refusal's English with parameters as Lingui does (the run time's only compiler)", () => {
    const withParams = Object.entries(REFUSALS).filter(([code]) => paramsOf(code).length > 0);
    expect(withParams.length).toBeGreaterThan(5);
    for (const [code, english] of withParams) expect(compileSimple(english), code).toEqual(compileMessage(english));
    expect(compileSimple("It''s '{'x'}' {a} and {b}")).toEqual(compileMessage("It''s '{'x'}' {a} and {b}"));
    expect(compileSimple("no arguments")).toBe("no arguments");
  });

  it("loads a compiled catalogue: translations, plain texts with braces and ICU messages all read right", async () => {
    const source = { greeting: "Hallo {client}", list: ["eins", "l'deux"], n: "{n, plural, one {# Foto} other {# Fotos}}" };
    await activate("de", [Promise.resolve({ namespace: "probe", messages: compileCatalogue(source) })]);
    try {
      expect(i18n.messages["probe.list.1"]).toEqual(["l'deux"]);
      expect(i18n._("probe.n", { n: 3 })).toBe("3 Fotos");
      expect(printCompiled(i18n.messages["probe.greeting"] as CompiledParts)).toBe("Hallo {client}");
    } finally {
      await activate("en", []);
    }
  });
});
