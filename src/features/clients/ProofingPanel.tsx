/**
 * The client page's proofing: favourites, each list with "12 of 30 chosen", 'Copy file names' in the form
 * Lightroom's filter takes, 'Download' of a list as a zip (the owner's zip path), comments, and whether
 * the selection was submitted. The owner adds, edits and deletes lists and unlocks a submitted selection.
 * Reads and writes the device's store, so all of it works offline (sync carries the writes).
 */
import { useState } from "react";
import { galleryZipName } from "../../domain/format";
import { lightroomNames } from "../../domain/proofing";
import type { ImageRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { toast } from "../../state/toast";
import { DownloadDialog } from "../downloads/DownloadDialog";
import { useZipDownload } from "../downloads/useZipDownload";
import { originalSources } from "../client-gallery/actions";
import { ProofListForm } from "./ProofListForm";
import { addList, editList, removeList, unlock } from "./proofingActions";
import { PROOFING_OWNER_TEXTS as T } from "./texts";
import { useOwnerProofing, type OwnerProofList } from "./useProofing";
import "./clients.css";
import { imageName } from "../../domain/image-files";

function nameOf(image: ImageRow) {
  return imageName(image);
}

export function ProofingPanel({ clientId, clientName }: { clientId: string; clientName: string }) {
  const proofing = useOwnerProofing(clientId);
  const zip = useZipDownload();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  if (!proofing) return null;

  async function copyNames(label: string, images: ImageRow[]) {
    try {
      await navigator.clipboard.writeText(lightroomNames(images.map(nameOf)));
      toast({ title: T.copied(label, images.length) });
    } catch {
      toast({ title: T.copyFailed, variant: "destructive" });
    }
  }

  const listActions = (l: OwnerProofList) =>
    deleting === l.id ? (
      <span className="proofing-row-actions" role="group" aria-label={T.confirmDelete(l.name, l.images.length)}>
        <span>{T.confirmDelete(l.name, l.images.length)}</span>
        <Button variant="destructive" onClick={() => void removeList(l.id, l.name).then(() => setDeleting(null))}>
          {T.delete}
        </Button>
        <Button variant="outline" onClick={() => setDeleting(null)}>
          {T.cancel}
        </Button>
      </span>
    ) : (
      <span className="proofing-row-actions">
        <Button variant="ghost" onClick={() => setEditing(l.id)} aria-label={T.editOf(l.name)}>
          {T.edit}
        </Button>
        <Button variant="ghost" onClick={() => setDeleting(l.id)} aria-label={T.deleteOf(l.name)}>
          {T.delete}
        </Button>
      </span>
    );

  const row = (key: string, label: string, count: string, images: ImageRow[], list?: OwnerProofList) =>
    list && editing === list.id ? (
      <li key={key} className="proofing-row">
        <ProofListForm
          initial={{ name: list.name, limit: list.limit }}
          submitLabel={T.save}
          onSubmit={async (input) => {
            const ok = await editList(list.id, input);
            if (ok) setEditing(null);
            return ok;
          }}
          onCancel={() => setEditing(null)}
        />
      </li>
    ) : (
    <li key={key} className="proofing-row">
      <span>
        <strong>{label}</strong> <span className="muted">{count}</span>
      </span>
      <span className="proofing-row-actions">
        <Button variant="outline" disabled={!images.length} onClick={() => void copyNames(label, images)} aria-label={T.copyNamesOf(label)}>
          {T.copyNames}
        </Button>
        <Button variant="outline" disabled={!images.length} onClick={async () => void zip.start(galleryZipName(`${clientName} ${label}`), await originalSources(images))} aria-label={T.downloadOf(label)}>
          {T.download}
        </Button>
        {list ? listActions(list) : null}
      </span>
    </li>
  );

  return (
    <section className="card proofing-panel" aria-labelledby="proofing-title">
      <h2 id="proofing-title" className="section-title">
        {T.title}
      </h2>
      <p className="muted proofing-status" data-testid="proofing-status">
        {proofing.submittedAt ? T.submitted : T.notSubmitted}
        {proofing.submittedAt ? (
          <Button variant="outline" onClick={() => void unlock(clientId)}>
            {T.unlock}
          </Button>
        ) : null}
      </p>
      <ul className="proofing-rows">
        {row("favourites", T.favourites, T.count(proofing.favourites.length), proofing.favourites)}
        {proofing.lists.map((l) => row(l.id, l.name, T.chosen(l.images.length, l.limit), l.images, l))}
      </ul>
      <details className="proofing-new-list">
        <summary>{T.newList}</summary>
        <ProofListForm submitLabel={T.addList} onSubmit={(input) => addList(clientId, input)} />
        <p className="muted">{T.offlineNote}</p>
      </details>
      {proofing.comments.length ? (
        <>
          <h3>{T.comments}</h3>
          <ul className="proofing-comments">
            {proofing.comments.map((c) => (
              <li key={c.image!.id}>
                <strong>{nameOf(c.image!)}</strong>: {c.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <DownloadDialog run={zip.run} onClose={zip.close} />
    </section>
  );
}
