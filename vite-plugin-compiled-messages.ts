/**
 * Messages compiled at build time (issue 43): no ICU parser ships to a browser. Two transforms, in the dev
 * server and the build alike:
 *
 * - a catalogue (`src/locales/<lang>/<namespace>.json`, its source format unchanged) becomes, still JSON, its
 *   keys flattened within the namespace ("group.key", "list.0") with each message in Lingui's compiled form:
 *   a plain string when it has no argument, else Lingui's list of strings and arguments. `COMPILED` marks it.
 * - a literal English ICU message in a texts.ts (`icu("{n, plural, ...}", "n")`) becomes its compiled form.
 *
 * Plain texts (not ICU) are never parsed at run time (src/lib/i18n/i18n.ts): one that compiled to a list
 * (braces in a text the app fills itself, such as an email template's {client}) is printed back by
 * `printCompiled`, exactly (src/lib/i18n/compiled.test.ts checks every catalogue's plain texts). English ICU
 * messages made at run time (the server's refusals) are compiled by the small `compileSimple` there.
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import ts from "typescript";
import type { Plugin } from "vite";

/** The key that marks a compiled catalogue (src/lib/i18n/i18n.ts reads it). */
export const COMPILED = "$compiled";

type Compiled = string | unknown[];

/**
 * One message compiled. One without arguments becomes one string, unless that string holds a brace or an
 * apostrophe: then a list of that one string, so nothing at run time ever reads it as a message again.
 */
export function compileOne(message: string): Compiled {
  const parts = compileMessage(message) as unknown;
  const list = typeof parts === "string" ? [parts] : (parts as unknown[]);
  if (!list.every((p) => typeof p === "string")) return list;
  const text = list.join("");
  return /[{}']/.test(text) ? [text] : text;
}

/** A catalogue's source (nested groups, lists of texts) as the flat compiled JSON the browser loads. */
export function compileCatalogue(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { [COMPILED]: 1 };
  const walk = (node: Record<string, unknown>, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      const id = prefix ? `${prefix}.${key}` : key;
      if (typeof value === "string") out[id] = compileOne(value);
      else if (value && typeof value === "object") walk(value as Record<string, unknown>, id);
    }
  };
  walk(source, "");
  return out;
}

/** A texts.ts with each `icu(<literal>, ...)` message replaced by its compiled form; null when it has none. */
export function compileIcuCalls(code: string, fileName: string): string | null {
  if (!/\bicu\b/.test(code)) return null;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "icu") {
      const message = node.arguments[0];
      if (message && (ts.isStringLiteral(message) || ts.isNoSubstitutionTemplateLiteral(message)))
        edits.push({ start: message.getStart(source), end: message.getEnd(), text: JSON.stringify(compileOne(message.text)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!edits.length) return null;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

const CATALOGUE = /\/src\/locales\/[^/]+\/[^/]+\.json$/;
const TEXTS = /\/src\/.+\/texts\.ts$/;

export function compiledMessages(): Plugin {
  return {
    name: "studio-gallery-compiled-messages",
    // Before Vite's own JSON and TypeScript transforms: the output is still JSON, and still TypeScript.
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (CATALOGUE.test(file)) return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, unknown>)), map: null };
      if (TEXTS.test(file)) {
        const out = compileIcuCalls(code, file);
        return out === null ? null : { code: out, map: null };
      }
      return null;
    },
  };
}
