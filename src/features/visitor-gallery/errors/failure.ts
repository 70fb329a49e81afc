/**
 * What a failed visitor request means (issue 43), kept apart from the screens so it is tested alone: a
 * gallery's first load ends in "not found" only on the server's 404 (an expired gallery on its 410); a
 * server error, a proxy's 502 or a server that does not answer says so and offers a retry. A refused code
 * counts as a verdict on the code only when the server says the code is wrong; a 429 is a wait.
 */
import { GalleryApiError } from "../api";
import { VISITOR_ERROR_TEXTS } from "./texts";

export { retryAfterSeconds } from "./retryAfter";

/** How the first load of a gallery failed. `offline`: this device has no network; `unreachable`: it has, the server does not answer. */
export type FirstLoadFailure = "not-found" | "expired" | "offline" | "unreachable" | "server-error";

export function firstLoadFailure(err: unknown, isOnline: boolean): FirstLoadFailure {
  const status = err instanceof GalleryApiError ? err.status : -1;
  if (status === 404) return "not-found";
  if (status === 410) return "expired";
  if (status === 0) return isOnline ? "unreachable" : "offline";
  return "server-error";
}

/** The wait when a 429 names none (the door's window is about a minute). */
export const DEFAULT_WAIT_SECONDS = 60;

/** What the code form makes of a refused code: a wait (seconds), a failure that checked nothing, or a refusal's own words. */
export type CodeOutcome = { kind: "wait"; seconds: number } | { kind: "unchecked" } | { kind: "refused"; message: string | null };

export function codeOutcome(err: unknown): CodeOutcome {
  if (!(err instanceof GalleryApiError)) return { kind: "unchecked" };
  if (err.status === 429) return { kind: "wait", seconds: err.retryAfter || DEFAULT_WAIT_SECONDS };
  if (err.refusal) return { kind: "refused", message: err.refusal.code === "code_invalid" ? null : err.serverMessage };
  if (err.status === 0 || err.status >= 500) return { kind: "unchecked" };
  return { kind: "refused", message: null };
}

/** The time left of a wait, as a sentence: seconds under two minutes, whole minutes (rounded up) above. */
export function waitLeftText(seconds: number): string {
  if (seconds <= 0) return VISITOR_ERROR_TEXTS.waitOver;
  return seconds < 120 ? VISITOR_ERROR_TEXTS.waitSeconds(seconds) : VISITOR_ERROR_TEXTS.waitMinutes(Math.ceil(seconds / 60));
}
