/**
 * The server's mail, as the owner's page shows it (online only, like access failures): whether SMTP is
 * configured, and the last messages sent for a client (mail_log, owner-only by the server's rules).
 */
import { z } from "zod";
import { pb } from "./pocketbase";

const MailStatusSchema = z.object({ configured: z.boolean() });
const MailLogSchema = z.object({ kind: z.string(), status: z.string(), error: z.string().default(""), updated: z.string() });
export type MailLogEntry = z.infer<typeof MailLogSchema>;

export async function fetchMailConfigured(): Promise<boolean> {
  return MailStatusSchema.parse(await pb.send("/api/owner/mail-status", { method: "GET" })).configured;
}

/** The client's most recent gallery email or reminder, null when none. */
export async function fetchLastMail(clientId: string): Promise<MailLogEntry | null> {
  const page = await pb.collection("mail_log").getList(1, 1, { filter: pb.filter("client = {:id}", { id: clientId }), sort: "-updated" });
  return page.items[0] ? MailLogSchema.parse(page.items[0]) : null;
}

/** The client's gallery emails and expiry reminders, newest first (at most `limit`), with how each went. */
export async function fetchMailLog(clientId: string, limit = 10): Promise<MailLogEntry[]> {
  const page = await pb.collection("mail_log").getList(1, limit, { filter: pb.filter("client = {:id}", { id: clientId }), sort: "-updated" });
  return page.items.map((item) => MailLogSchema.parse(item));
}

/**
 * 'Send test email': the server sends the studio its gallery email for an example gallery. The request's
 * Origin tells the server where the app runs when the Gallery address is empty. Rejects with the reason.
 */
export async function sendTestEmail(): Promise<string> {
  return z.object({ to: z.string() }).parse(await pb.send("/api/owner/test-email", { method: "POST" })).to;
}
