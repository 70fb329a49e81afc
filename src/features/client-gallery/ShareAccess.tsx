/**
 * The gallery's link and code, and the access message to copy (specification, section 9): the base is
 * the gallery address (Settings: the public URL of this server) without a trailing slash, else this app's
 * origin. Not the studio's website: that is another site whenever the studio has one (README).
 * A gallery the server does not have yet (created, or its link or code changed, on this device and not
 * synced) would open as "Gallery Not Found": the button then says so instead of copying a dead link (issue 37).
 */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import { pendingEntriesOf } from "../../store/outbox";
import type { OutboxEntry } from "../../store/rows";
import { toast } from "../../state/toast";
import { Button } from "../../ui/Button";
import { galleryBase } from "../settings/galleryAddress";
import { useGalleryUrl } from "../settings/useSettingsRow";
import { IMAGE_TEXTS } from "./texts";
import "./images.css";
import { errorText } from "../../lib/refusals/refusals";

export function accessMessage(galleryUrl: string | undefined, origin: string, accessUrl: string, accessCode: string): string {
  return IMAGE_TEXTS.shareMessage(galleryBase(galleryUrl, origin), accessUrl, accessCode);
}

/** Whether the server lacks the gallery, or its link or code as this device has them (waiting in the outbox). */
export function linkNotOnServer(pending: Array<Pick<OutboxEntry, "op" | "fields">>): boolean {
  return pending.some((e) => e.op === "create" || "accessUrl" in e.fields || "accessCode" in e.fields);
}

export function ShareAccess({ clientId, accessUrl, accessCode }: { clientId: string; accessUrl: string; accessCode: string }) {
  const galleryUrl = useGalleryUrl();
  const message = accessMessage(galleryUrl, window.location.origin, accessUrl, accessCode);
  const notSynced = useLiveQuery(async () => linkNotOnServer(await pendingEntriesOf(db, "clients", clientId)), [clientId]) ?? false;
  return (
    <div className="share">
      <div className="share-facts">
        <span>
          {IMAGE_TEXTS.galleryLink}: <code>{`/gallery/${accessUrl}`}</code>
        </span>
        <span>
          {IMAGE_TEXTS.accessCode}: <code>{accessCode}</code>
        </span>
      </div>
      <Button
        variant="outline"
        onClick={async () => {
          if (notSynced) return toast({ title: IMAGE_TEXTS.shareNotSynced, description: IMAGE_TEXTS.shareNotSyncedText, variant: "destructive" });
          try {
            await navigator.clipboard.writeText(message);
            toast({ title: IMAGE_TEXTS.shareCopied, description: IMAGE_TEXTS.shareCopiedText });
          } catch (err) {
            toast({ title: IMAGE_TEXTS.shareFailed, description: errorText(err), variant: "destructive" });
          }
        }}
      >
        {IMAGE_TEXTS.share}
      </Button>
      {notSynced ? (
        <p className="muted small share-note" role="status">
          {IMAGE_TEXTS.shareNotSyncedText}
        </p>
      ) : null}
    </div>
  );
}
