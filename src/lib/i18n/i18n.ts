/**
 * Translation through Lingui (issue 27): one `I18n` instance, ICU MessageFormat messages, catalogues loaded
 * per language and per namespace only when asked for (`activate`), so a visitor downloads only their own.
 *
 * The English texts stay where they were, in each feature's `texts.ts`, now wrapped in `localized`: a plain
 * string is a plain text (never parsed, so braces and apostrophes stay as written), an `icu(...)` entry is
 * an ICU message with arguments (plurals, numbers, selects) called like the function it replaced. Catalogues
 * (`src/locales/<locale>/<namespace>.json`) map `<key>` to the translation; a key a catalogue lacks falls
 * back to English, and `src/locales/catalogues.test.ts` fails on any such gap.
 */
/// <reference types="vite/client" />
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { COMPILED, compileSimple, printCompiled, type CompiledParts } from "./compiled";
import { DEFAULT_LOCALE, type Locale } from "./locales";

export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

// A build compiles every catalogue and English ICU text (vite-plugin-compiled-messages.ts, issue 43): what
// still reaches a compiler there is the English of a refusal, which the small one handles, and Lingui's
// parser stays out of the bundle. Tests read the sources as written: each message compiled once by Lingui's.
const compiled = new Map<string, ReturnType<typeof compileMessage>>();
i18n.setMessagesCompiler(
  import.meta.env.PROD
    ? (compileSimple as Parameters<I18n["setMessagesCompiler"]>[0])
    : (message: string) => {
        let result = compiled.get(message);
        if (!result) {
          result = compileMessage(message);
          compiled.set(message, result);
        }
        return result;
      },
);

/** The active locale: every `Intl` format of the screens takes it (src/domain/format.ts). */
export function activeLocale(): Locale {
  return i18n.locale as Locale;
}

/** An ICU message with named arguments, given positionally by the caller: `icu<[number]>("{n, plural, one {# photo} other {# photos}}", "n")`. */
export interface IcuMessage<Args extends unknown[]> {
  readonly icu: string;
  readonly names: readonly string[];
  /** Never set: carries the argument types. */
  readonly args?: Args;
}

export function icu<Args extends unknown[]>(message: string, ...names: string[]): IcuMessage<Args> {
  return { icu: message, names };
}

type Entry = string | readonly string[] | IcuMessage<never[]> | IcuMessage<unknown[]> | ((...args: never[]) => unknown) | { readonly [key: string]: Entry };

export type Localized<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends readonly string[]
      ? readonly string[]
      : T[K] extends IcuMessage<infer A>
      ? (...args: A) => string
      : T[K] extends (...args: never[]) => unknown
        ? T[K]
        : Localized<T[K]>;
};

/** Every namespace's English texts, for the catalogue checks. */
export const ENGLISH = new Map<string, Record<string, Entry>>();
const LOCALIZED = new WeakSet<object>();

/** Whether `value` is the output of `localized` (the catalogue checks tell plain texts.ts files by it). */
export function isLocalizedTexts(value: unknown): boolean {
  return typeof value === "object" && value !== null && LOCALIZED.has(value);
}

export function isIcu(value: unknown): value is IcuMessage<unknown[]> {
  return typeof value === "object" && value !== null && "icu" in value;
}

function textOf(id: string, english: string): string {
  const translated: unknown = i18n.messages[id];
  if (typeof translated === "string") return translated;
  // A plain text its compiled catalogue turned into a list (braces or apostrophes in it): its source again.
  return Array.isArray(translated) ? printCompiled(translated as CompiledParts) : english;
}

function translateAll(prefix: string, english: Record<string, Entry>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(english)) {
    const id = `${prefix}.${key}`;
    if (typeof value === "string") {
      Object.defineProperty(out, key, { enumerable: true, get: () => textOf(id, value) });
    } else if (Array.isArray(value)) {
      // A list of texts (the points of a list): "key.0", "key.1", ... in a catalogue's array.
      Object.defineProperty(out, key, { enumerable: true, get: () => value.map((text: string, i: number) => textOf(`${id}.${i}`, text)) });
    } else if (isIcu(value)) {
      out[key] = (...args: unknown[]) => {
        const values: Record<string, unknown> = {};
        value.names.forEach((name, i) => (values[name] = args[i]));
        // A build has compiled the English already (a list); Lingui takes either form.
        return i18n._(id, values, { message: value.icu as string });
      };
    } else if (typeof value === "object") {
      out[key] = Object.freeze(translateAll(id, value as Record<string, Entry>));
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * A feature's texts, translated in the active locale whenever read. Nested groups become dotted ids
 * (`sync-status.uploadState.queued`). Functions that are neither a string nor an `icu` entry pass through
 * untouched (they build text from other entries).
 */
export function localized<const T extends Record<string, Entry>>(namespace: string, english: T): Localized<T> {
  ENGLISH.set(namespace, english);
  const out = translateAll(namespace, english);
  LOCALIZED.add(out);
  return Object.freeze(out) as Localized<T>;
}

/**
 * Localized texts with some entries replaced (functions that fill an argument from another text, say): the
 * other entries keep their getters, so each read is still in the active language.
 */
export function withEntries<T extends object, E extends Record<string, unknown>>(texts: T, entries: E): Readonly<Omit<T, keyof E> & E> {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(texts);
  for (const [key, value] of Object.entries(entries)) descriptors[key] = { enumerable: true, value };
  const out = Object.defineProperties({}, descriptors) as Omit<T, keyof E> & E;
  LOCALIZED.add(out);
  return Object.freeze(out);
}

/** A catalogue's nested groups as dotted keys: { a: { b: "x" } } -> { "a.b": "x" }. */
export function flattenCatalogue(catalogue: Record<string, unknown>, prefix = ""): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat[id] = value;
    else if (value && typeof value === "object") Object.assign(flat, flattenCatalogue(value as Record<string, unknown>, id));
  }
  return flat;
}

/** Loads what `load` returns for each namespace (a catalogue: key -> message) and makes `locale` the active one. */
export async function activate(locale: Locale, catalogues: Array<Promise<{ namespace: string; messages: Record<string, unknown> }>>): Promise<void> {
  const loaded = await Promise.all(catalogues);
  const messages: Messages = {};
  for (const { namespace, messages: catalogue } of loaded) {
    if (!(COMPILED in catalogue)) Object.assign(messages, flattenCatalogue(catalogue, namespace));
    // A build's catalogue: flat within its namespace, each message compiled (vite-plugin-compiled-messages.ts).
    else for (const [key, message] of Object.entries(catalogue)) if (key !== COMPILED) messages[`${namespace}.${key}`] = message as Messages[string];
  }
  i18n.load(locale, messages);
  i18n.activate(locale);
}

/** Calls `listener` whenever the active locale or its messages change; returns the unsubscribe. */
export function onLocaleChange(listener: () => void): () => void {
  return i18n.on("change", listener);
}
