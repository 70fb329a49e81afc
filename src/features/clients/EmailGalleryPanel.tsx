/**
 * 'Email gallery to client' on the client's page: a request through the store (a synced client field), so
 * offline it waits in the outbox (the panel says it is queued) and the server sends it when the device syncs;
 * online the panel says it is being sent, then what the server did (emailStatus.ts).
 * Before it is asked, a preview shows the email as the client will get it (EmailPreviewDialog); Send asks.
 * Says when the server has no SMTP, and what happened to the last message (online).
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { db } from "../../store/db";
import type { ClientRow } from "../../store/rows";
import { pendingEntriesOf } from "../../store/outbox";
import { fetchLastMail, fetchMailConfigured, type MailLogEntry } from "../../sync/mail";
import { Button } from "../../ui/Button";
import { useGalleryUrl } from "../settings/useSettingsRow";
import { requestGalleryEmail } from "./actions";
import { useSyncStatus } from "../sync-status/useSyncStatus";
import { EmailPreviewDialog } from "./EmailPreviewDialog";
import { emailStatusLine } from "./emailStatus";
import { CLIENT_TEXTS } from "./texts";
import "./clients.css";

export function EmailGalleryPanel({ client }: { client: ClientRow }) {
  const { id: clientId, email } = client;
  const requestedAt = client.galleryEmailAt ?? 0;
  const [isPreviewing, setIsPreviewing] = useState(false);
  const [configured, setConfigured] = useState<boolean | "unknown">("unknown");
  const [last, setLast] = useState<MailLogEntry | null>(null);
  const galleryUrl = useGalleryUrl();
  // A request the server has not seen yet: waiting in this device's outbox.
  const queued = useLiveQuery(async () => (await pendingEntriesOf(db, "clients", clientId)).some((e) => Number(e.fields.galleryEmailAt) > 0), [clientId]) ?? false;
  const { isOnline } = useSyncStatus();
  const line = emailStatusLine(queued, isOnline, last);
  useEffect(() => {
    fetchMailConfigured().then(setConfigured, () => setConfigured("unknown"));
    fetchLastMail(clientId).then(setLast, () => setLast(null));
  }, [clientId, requestedAt, queued]);

  return (
    <div className="email-panel" data-testid="email-panel">
      <Button variant="outline" disabled={!email || configured === false} onClick={() => setIsPreviewing(true)}>
        {CLIENT_TEXTS.emailGallery}
      </Button>
      <EmailPreviewDialog
        client={client}
        isOpen={isPreviewing}
        onClose={() => setIsPreviewing(false)}
        onSend={() => {
          setIsPreviewing(false);
          void requestGalleryEmail(clientId);
        }}
      />
      {!email ? <p className="muted small">{CLIENT_TEXTS.emailNoAddress}</p> : null}
      {configured === false ? <p className="field-warning" role="status">{CLIENT_TEXTS.emailNotConfigured}</p> : null}
      {configured === "unknown" ? <p className="muted small">{CLIENT_TEXTS.emailStatusUnavailable}</p> : null}
      {galleryUrl === "" ? <p className="muted small">{CLIENT_TEXTS.emailNoGalleryAddress}</p> : null}
      {line?.isPending ? (
        <p className="small" role="status" data-testid="email-queued">
          {line.text}
        </p>
      ) : null}
      {line && !line.isPending ? (
        <p className="muted small" data-testid="last-mail">
          {line.text}
        </p>
      ) : null}
    </div>
  );
}
