/**
 * Texts of the visitor's errors that say what happened (issue 43): the wait after too many codes from the
 * visitor's network (no verdict on the code typed), and a gallery the server could not open right now (a
 * server error, a proxy's 502 during an upgrade, a server that does not answer), which is never "not found".
 */
import { icu, localized } from "../../../lib/i18n/i18n";

export const VISITOR_ERROR_TEXTS = localized("visitor-errors", {
  /** Under the code field while the door makes this network wait; the code typed was not checked. */
  waitNotChecked: "Too many codes were tried from your network, so this one was not checked.",
  waitSeconds: icu<[seconds: number]>("{seconds, plural, one {You can try again in # second.} other {You can try again in # seconds.}}", "seconds"),
  waitMinutes: icu<[minutes: number]>("{minutes, plural, one {You can try again in # minute.} other {You can try again in # minutes.}}", "minutes"),
  waitOver: "You can try your code again now.",
  /** The code form when the server failed or did not answer (no verdict on the code either). */
  codeNotChecked: "The server couldn't check your code just now. Please try again in a moment.",
  /** The gallery's first request failed on the server's side (500, 502, 503...). */
  serverErrorTitle: "The gallery can't open right now",
  serverErrorText: "Something went wrong on the server, not with your link. Please try again in a moment.",
  /** The device is online but the server does not answer (restarting, or its proxy is). */
  unreachableTitle: "The gallery's server isn't answering",
  unreachableText: "Your device is online, but the server didn't answer. It may be restarting: please try again in a moment.",
  contactHint: "If it keeps happening, let your photographer know.",
});
