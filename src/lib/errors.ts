/**
 * What a caught value says, whatever was thrown: an Error, a DOMException, a PocketBase ClientResponseError
 * (all carry `name` and `message`), a string, or anything else. One place instead of `(err as Error)` casts,
 * which lie when something other than an Error is thrown.
 */

function field(err: unknown, key: "message" | "name"): string {
  if (typeof err === "object" && err !== null && key in err) {
    const value = (err as Record<string, unknown>)[key];
    if (typeof value === "string") return value;
  }
  return "";
}

/** The message of a caught value; `fallback` when it has none. */
export function errorMessage(err: unknown, fallback = ""): string {
  return (typeof err === "string" ? err : field(err, "message")) || fallback;
}

/** The `name` of a caught error ("AbortError", "ZipError", ...); "" when it has none. */
export function errorName(err: unknown): string {
  return field(err, "name");
}

/** True when the caught value is a cancellation (an aborted fetch, stream or worker call). */
export function isAbortError(err: unknown): boolean {
  return errorName(err) === "AbortError";
}
