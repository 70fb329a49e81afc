/** Retry-After of a refused request (HTTP semantics), read by the visitor's API client. */

/** Retry-After in whole seconds (a number of seconds or an HTTP date), 0 when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number {
  const value = header?.trim() ?? "";
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, Math.ceil((date - now) / 1000));
}
