/**
 * The gallery email as the client will get it (subject and text, from the studio's template with the
 * client's name, link, code and expiry filled, as the server fills it: domain/gallery-email.ts), shown
 * before 'Email gallery to client' sends; Send asks the server to send it.
 */
import { galleryEmail } from "../../domain/gallery-email";
import type { ClientRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { useSettingsRow } from "../settings/useSettingsRow";
import { CLIENT_TEXTS } from "./texts";

export function EmailPreviewDialog({ client, isOpen, onClose, onSend }: { client: ClientRow; isOpen: boolean; onClose: () => void; onSend: () => void }) {
  const settings = useSettingsRow() ?? null;
  const mail = galleryEmail(client, settings, window.location.origin);
  return (
    <Dialog
      isOpen={isOpen}
      title={CLIENT_TEXTS.emailPreviewTitle}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {CLIENT_TEXTS.cancel}
          </Button>
          <Button onClick={onSend}>{CLIENT_TEXTS.emailSend}</Button>
        </>
      }
    >
      <div className="email-preview" data-testid="email-preview">
        <p className="muted small">{CLIENT_TEXTS.emailPreviewTo(client.email)}</p>
        <p>
          <span className="muted small">{CLIENT_TEXTS.emailPreviewSubject}</span>
          <br />
          <strong data-testid="email-preview-subject">{mail.subject}</strong>
        </p>
        <div className="email-preview-text" data-testid="email-preview-text">
          {mail.text}
        </div>
        {mail.link ? null : <p className="field-warning">{CLIENT_TEXTS.emailPreviewNoLink}</p>}
      </div>
    </Dialog>
  );
}
