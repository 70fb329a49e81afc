/**
 * A small validator for the visitor's path (issue 43): the answers of the gallery's API checked at the edge
 * as zod did (unknown keys dropped, defaults for missing fields, a fallback for a value out of range), in
 * well under a kilobyte instead of zod's 15 KB. Same shape of use: `g.object({...})`, `schema.safeParse`,
 * `Infer<typeof schema>`. The owner's app keeps zod (its forms use it with react-hook-form).
 */

export interface Issue {
  path: PropertyKey[];
  message: string;
}

export type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

export interface Schema<T> {
  /** Throws an Issue when `value` does not fit; returns the value as the app reads it. */
  readonly check: (value: unknown, path: PropertyKey[]) => T;
  readonly optional?: boolean;
  safeParse(value: unknown): Parsed<T>;
  parse(value: unknown): T;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

class Failure {
  constructor(readonly issue: Issue) {}
}

function schema<T>(check: (value: unknown, path: PropertyKey[]) => T, optional = false): Schema<T> {
  return {
    check,
    optional,
    safeParse(value) {
      try {
        return { success: true, data: check(value, []) };
      } catch (err) {
        if (err instanceof Failure) return { success: false, error: { issues: [err.issue] } };
        throw err;
      }
    },
    parse(value) {
      const parsed = this.safeParse(value);
      if (!parsed.success) throw new Error(`invalid at ${parsed.error.issues[0]!.path.join(".") || "the top"}: ${parsed.error.issues[0]!.message}`);
      return parsed.data;
    },
  };
}

const fail = (path: PropertyKey[], message: string): never => {
  throw new Failure({ path, message });
};

const typed = <T>(name: string, test: (value: unknown) => boolean) => () => schema((value, path) => (test(value) ? (value as T) : fail(path, `expected ${name}`)));

export const string = typed<string>("a string", (v) => typeof v === "string");
export const number = typed<number>("a number", (v) => typeof v === "number" && Number.isFinite(v));
export const boolean = typed<boolean>("a boolean", (v) => typeof v === "boolean");

/** A whole number from `min` to `max`. */
export const int = (min: number, max: number) => schema((value, path) => (Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? (value as number) : fail(path, `expected a whole number from ${min} to ${max}`)));

export const enumOf = <const V extends readonly string[]>(values: V) =>
  schema((value, path) => ((values as readonly unknown[]).includes(value) ? (value as V[number]) : fail(path, `expected one of ${values.join(", ")}`)));

export const array = <T>(item: Schema<T>) => schema((value, path) => (Array.isArray(value) ? value.map((v, i) => item.check(v, [...path, i])) : fail(path, "expected a list")));

export const nullable = <T>(inner: Schema<T>) => schema<T | null>((value, path) => (value === null ? null : inner.check(value, path)));

/** May be missing (undefined); the key is optional in the inferred type. */
export const optional = <T>(inner: Schema<T>) => schema<T | undefined>((value, path) => (value === undefined ? undefined : inner.check(value, path)), true) as Schema<T | undefined> & { readonly optional: true };

/** `fallback` when missing. */
export const withDefault = <T>(inner: Schema<T>, fallback: T) => schema<T>((value, path) => (value === undefined ? fallback : inner.check(value, path)));

/** `fallback` whenever the value does not fit (zod's `catch`). */
export const orElse = <T>(inner: Schema<T>, fallback: T) => schema<T>((value, path) => (inner.safeParse(value).success ? inner.check(value, path) : fallback));

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { readonly optional: true } ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] };
export type ObjectOf<S extends Shape> = Flat<{ [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }>;

/** An object with these fields; other keys are dropped, as zod's object does. */
export function object<S extends Shape>(shape: S): Schema<ObjectOf<S>> & { readonly shape: S } {
  const keys = Object.keys(shape);
  const out = schema((value, path) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return fail(path, "expected an object");
    const result: Record<string, unknown> = {};
    for (const key of keys) {
      const field = shape[key]!.check((value as Record<string, unknown>)[key], [...path, key]);
      if (field !== undefined || key in value) result[key] = field;
    }
    return result as ObjectOf<S>;
  });
  return Object.assign(out, { shape });
}
