/**
 * The Activity card's emails (issue 25): the client's gallery emails and expiry reminders, newest first,
 * each with how it went (sent, not sent and why) and when, from the server's mail_log (online only).
 */
import { useEffect, useState } from "react";
import { formatMoment } from "../../domain/format";
import { fetchMailLog, type MailLogEntry } from "../../sync/mail";
import { CLIENT_TEXTS } from "./texts";

export function MailHistory({ clientId }: { clientId: string }) {
  const [entries, setEntries] = useState<MailLogEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    fetchMailLog(clientId).then(
      (list) => live && setEntries(list),
      () => live && setEntries(null),
    );
    return () => {
      live = false;
    };
  }, [clientId]);
  if (!entries) return null;
  return (
    <div className="mail-history" data-testid="mail-history">
      <h3 className="muted small">{CLIENT_TEXTS.activityEmails}</h3>
      {entries.length === 0 ? (
        <p className="muted small">{CLIENT_TEXTS.activityNoEmails}</p>
      ) : (
        <ul className="small">
          {entries.map((m) => (
            <li key={`${m.kind}-${m.updated}`}>{CLIENT_TEXTS.mailStatus(m.kind, m.status, formatMoment(m.updated), m.error)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
