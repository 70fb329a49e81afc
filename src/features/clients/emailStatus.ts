/**
 * What the gallery email panel says (issue 37), from what happened: a request waiting in this device's
 * outbox is "queued" only while the device is offline (online, the sync is already sending it); once the
 * server has it, the server's own word for the last message (sent, not sent and why).
 */
import { formatMoment } from "../../domain/format";
import type { MailLogEntry } from "../../sync/mail";
import { CLIENT_TEXTS } from "./texts";

export function emailStatusLine(queued: boolean, online: boolean, last: MailLogEntry | null): { text: string; isPending: boolean } | null {
  if (queued) return { text: online ? CLIENT_TEXTS.emailSending : `${CLIENT_TEXTS.emailQueued}. ${CLIENT_TEXTS.emailQueuedText}`, isPending: true };
  if (last) return { text: CLIENT_TEXTS.mailStatus(last.kind, last.status, formatMoment(last.updated), last.error), isPending: false };
  return null;
}

/** The toast when the owner asks for the email: only offline, where it waits for the next sync. */
export function emailRequestedToast(online: boolean): { title: string; description: string } | null {
  return online ? null : { title: CLIENT_TEXTS.emailQueued, description: CLIENT_TEXTS.emailQueuedText };
}
