/**
 * A real SMTP server for browser tests: the server tier's (nodemailer's smtp-server, messages parsed by
 * mailparser), plus the environment that points the app at it and the recipients of a message.
 */
import type { ParsedMail } from "mailparser";
import { startSmtpServer } from "../../tests/server/support/smtp-server";

export { startSmtpServer };
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The app's SMTP settings (README: SMTP_HOST, SMTP_PORT, SMTP_FROM) for startAppServer. */
export function smtpEnv(smtp: SmtpServer, from = "Lumen Studio <gallery@lumen.test>"): Record<string, string> {
  return { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), SMTP_FROM: from };
}

/** The addresses a message was sent to. */
export function recipients(mail: ParsedMail): string[] {
  return (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ""));
}

/** The messages sent to `address` (PocketBase also mails the owner, for example its login alerts). */
export function mailTo(smtp: SmtpServer, address: string): ParsedMail[] {
  return smtp.messages.filter((m) => recipients(m).includes(address));
}
