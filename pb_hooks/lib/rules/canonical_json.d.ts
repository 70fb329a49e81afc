/** Types of canonical_json.js, shared by the hooks and the app. */
export function canonicalValue<T>(value: T): T;
export function canonicalJson(value: unknown): string;
export function sameJson(a: unknown, b: unknown): boolean;
export function sameJsonText(a: string, b: string): boolean;
