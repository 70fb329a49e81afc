/**
 * The client page's proofing: the gallery's lists (the owner adds, edits and deletes them), then each person
 * who chose photos (issue 26) with their favourites, picks per list and comments, counted, each copied as
 * file names in the form Lightroom's filter takes or downloaded as a zip (the owner's zip path), and their
 * own submitted state with 'Unlock', and 'Edit' and 'Remove' for the person, or for several selected at once
 * (PeopleSelection, issue 37, which also tells of a burst of new people). Reads and writes the device's store, so all of it works offline (sync
 * carries the writes). On a phone (issue 43) all but its title and summary fold away behind one button, so a
 * wedding's dozens of people do not push the photos thousands of pixels down.
 */
import { useId, useState } from "react";
import { galleryZipName } from "../../domain/format";
import { lightroomNames } from "../../domain/proofing";
import type { ImageRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { toast } from "../../state/toast";
import { DownloadDialog } from "../downloads/DownloadDialog";
import { useZipDownload } from "../downloads/useZipDownload";
import { originalSources } from "../client-gallery/actions";
import { KEYS_TEXTS } from "../client-gallery/keys/texts";
import { PeopleSelection } from "./PeopleSelection";
import { PersonProofing } from "./PersonProofing";
import { ProofListForm } from "./ProofListForm";
import { addList, editList, editPerson, removeList, unlock } from "./proofingActions";
import { RemovePersonDialog } from "./RemovePersonDialog";
import { PROOFING_OWNER_TEXTS as T } from "./texts";
import { useOwnerProofing, type OwnerProofPerson } from "./useProofing";
import "./clients.css";
import { imageName } from "../../domain/image-files";

interface PanelList {
  id: string;
  name: string;
  limit: number;
  picks: number;
}

export function ProofingPanel({ clientId, clientName }: { clientId: string; clientName: string }) {
  const proofing = useOwnerProofing(clientId);
  const zip = useZipDownload();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [removing, setRemoving] = useState<OwnerProofPerson | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isOpen, setIsOpen] = useState(false);
  const bodyId = useId();
  if (!proofing) return null;

  async function copyNames(label: string, images: ImageRow[]) {
    try {
      await navigator.clipboard.writeText(lightroomNames(images.map(imageName)));
      toast({ title: T.copied(label, images.length) });
    } catch {
      toast({ title: T.copyFailed, variant: "destructive" });
    }
  }
  const download = async (label: string, images: ImageRow[]) => void zip.start(galleryZipName(`${clientName} ${label}`), await originalSources(images));

  const listActions = (l: PanelList) =>
    deleting === l.id ? (
      <span className="proofing-row-actions" role="group" aria-label={T.confirmDelete(l.name, l.picks)}>
        <span>{T.confirmDelete(l.name, l.picks)}</span>
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

  const listRow = (l: PanelList) => (
    <li key={l.id} className="proofing-row">
      {editing === l.id ? (
        <ProofListForm
          initial={{ name: l.name, limit: l.limit }}
          submitLabel={T.save}
          onSubmit={async (input) => {
            const ok = await editList(l.id, input);
            if (ok) setEditing(null);
            return ok;
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <>
          <span>
            <strong>{l.name}</strong> <span className="muted">{T.listSummary(l.limit, l.picks)}</span>
          </span>
          {listActions(l)}
        </>
      )}
    </li>
  );

  const submitted = proofing.people.filter((p) => p.submittedAt).length;
  return (
    <section className="card proofing-panel" data-open={isOpen} aria-labelledby="proofing-title">
      <h2 id="proofing-title" className="section-title">
        {T.title}
      </h2>
      <p className="muted proofing-status" data-testid="proofing-status">
        {proofing.people.length ? T.peopleSummary(proofing.people.length, submitted) : T.noPeople}
      </p>
      <button type="button" className="btn btn-outline proofing-toggle" aria-expanded={isOpen} aria-controls={bodyId} onClick={() => setIsOpen((o) => !o)}>
        {isOpen ? KEYS_TEXTS.proofingHide : KEYS_TEXTS.proofingShow}
      </button>
      <div id={bodyId} className="proofing-body">
        {proofing.lists.length ? (
          <>
            <h3 className="proofing-subtitle">{T.lists}</h3>
            <ul className="proofing-rows">{proofing.lists.map(listRow)}</ul>
          </>
        ) : null}
        <details className="proofing-new-list">
          <summary>{T.newList}</summary>
          <ProofListForm submitLabel={T.addList} onSubmit={(input) => addList(clientId, input)} />
          <p className="muted">{T.offlineNote}</p>
        </details>
        <PeopleSelection people={proofing.people} selected={selected} onSelect={setSelected} />
        {proofing.people.map((p) => (
          <PersonProofing
            key={p.id}
            person={p}
            onCopy={(label, images) => void copyNames(label, images)}
            onDownload={(label, images) => void download(label, images)}
            onUnlock={() => void unlock(clientId, p.id)}
            onRename={(input) => editPerson(p.id, input)}
            onRemove={() => setRemoving(p)}
            selected={selected.has(p.id)}
            onSelect={(on) => setSelected(new Set(on ? [...selected, p.id] : [...selected].filter((id) => id !== p.id)))}
          />
        ))}
      </div>
      <RemovePersonDialog person={removing} onDone={() => setRemoving(null)} />
      <DownloadDialog run={zip.run} onClose={zip.close} />
    </section>
  );
}
