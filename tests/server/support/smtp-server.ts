/**
 * A real SMTP server for server-tier tests (nodemailer's smtp-server), on a free loopback port, keeping
 * every message it receives parsed by mailparser. No STARTTLS (PocketBase would try it against a
 * self-signed certificate) and no authentication required.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export async function startSmtpServer(): Promise<{ port: number; messages: ParsedMail[]; close(): Promise<void> }> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push(parsed);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
