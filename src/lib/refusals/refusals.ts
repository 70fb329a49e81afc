/**
 * A server's refusal in the visitor's or the owner's language (issue 37, item 9). The server answers every
 * refusal with `data.refusal = { code, message, params? }` (pb_hooks/lib/rules/refusals.js, docs/ARCHITECTURE.md
 * "Refusals"); this finds it on whatever was caught and shows the code's text from the active catalogue,
 * the server's English only for a code this app does not know (a newer server).
 */
import { paramsOf } from "../../../pb_hooks/lib/rules/refusals.js";
import { errorMessage } from "../errors";
import { REFUSAL_TEXTS, type RefusalCode } from "./texts";

export interface Refusal {
  code: string;
  message?: string;
  params?: Record<string, unknown>;
}

function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && typeof (value as Refusal).code === "string";
}

function isKnown(code: string): code is RefusalCode {
  return Object.prototype.hasOwnProperty.call(REFUSAL_TEXTS, code);
}

/**
 * The refusal a caught value or an answer's body carries: a body `{ data: { refusal } }`, an error with that
 * body as `response` (PocketBase's SDK) or `body`, or with the body's `data` as `data`; else null.
 */
export function refusalIn(value: unknown): Refusal | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as { refusal?: unknown; data?: { refusal?: unknown }; response?: unknown; body?: unknown };
  if (isRefusal(v.refusal)) return v.refusal;
  if (isRefusal(v.data?.refusal)) return v.data.refusal;
  return refusalIn(v.response) ?? (v.body !== value ? refusalIn(v.body) : null);
}

/** A refusal's text in the active language; its own English for an unknown code, else `fallback`. */
export function refusalText(refusal: Refusal, fallback = ""): string {
  if (!isKnown(refusal.code)) return refusal.message || fallback;
  const entry = REFUSAL_TEXTS[refusal.code] as string | ((...args: unknown[]) => string);
  if (typeof entry === "string") return entry;
  return entry(...paramsOf(refusal.code).map((name) => refusal.params?.[name] ?? ""));
}

/** The text of the refusal `value` carries (refusalIn), else `fallback`. */
export function refusalMessage(value: unknown, fallback: string): string {
  const refusal = refusalIn(value);
  return refusal ? refusalText(refusal, fallback) : fallback;
}

/** What a caught value says: its refusal in the active language, else its message (lib/errors.ts), else `fallback`. */
export function errorText(err: unknown, fallback = ""): string {
  return refusalMessage(err, errorMessage(err, fallback));
}
