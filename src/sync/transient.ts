/**
 * Answers that mean "later", not "no": 429 (rate limited) and 503/502/504 (busy or restarting). The engine
 * never parks a change or drops an upload for them; it throws TransientError and the scheduler backs off,
 * waiting at least the server's Retry-After.
 */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export function isTransientStatus(status: number): boolean {
  return TRANSIENT_STATUSES.has(status);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export class TransientError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterMs?: number,
  ) {
    super(`The server asked to try again later (${status}).`);
    this.name = "TransientError";
  }
}

/** The wait a failed sync run asks for, when its error says so. */
export function retryAfterOf(err: unknown): number | undefined {
  return err instanceof TransientError ? err.retryAfterMs : undefined;
}
