/**
 * The run-time side of messages compiled at build time (vite-plugin-compiled-messages.ts, issue 43): the
 * browser gets Lingui's compiled form and no ICU parser. Two small helpers remain:
 *
 * - `printCompiled` gives a plain text back its source when its catalogue compiled it into a list (a text
 *   the app fills itself, such as an email template's `{client}`); src/lib/i18n/compiled.test.ts checks it
 *   is exact for every plain text of every catalogue.
 * - `compileSimple` compiles the only messages made at run time, the English of the server's refusals
 *   (`{name}` parameters, never a plural or a select: pb_hooks/lib/rules/refusals.js), as Lingui would.
 */

/** Lingui's compiled message: strings and arguments (`[name]`, or `[name, type, branches]`). */
export type CompiledParts = ReadonlyArray<string | readonly unknown[]>;

/** Marks a compiled catalogue (the same key as the build's, vite-plugin-compiled-messages.ts). */
export const COMPILED = "$compiled";

export function printCompiled(parts: CompiledParts): string {
  return parts.map((part) => (typeof part === "string" ? part : `{${String(part[0])}}`)).join("");
}

/** `{name}` arguments and ICU's apostrophes ('' is one; '{ starts a quoted text up to the next one). */
export function compileSimple(message: string): string | Array<string | [string]> {
  const parts: Array<string | [string]> = [];
  let text = "";
  for (let i = 0; i < message.length; i++) {
    const c = message[i]!;
    const next = message[i + 1];
    if (c === "'" && next === "'") {
      text += "'";
      i++;
    } else if (c === "'" && (next === "{" || next === "}")) {
      const end = message.indexOf("'", i + 1);
      const stop = end < 0 ? message.length : end;
      text += message.slice(i + 1, stop);
      i = stop;
    } else if (c === "{") {
      const end = message.indexOf("}", i);
      if (text) parts.push(text);
      text = "";
      parts.push([message.slice(i + 1, end < 0 ? message.length : end).trim()]);
      i = end < 0 ? message.length : end;
    } else {
      text += c;
    }
  }
  if (text) parts.push(text);
  return parts.length === 1 && typeof parts[0] === "string" ? parts[0] : parts;
}
