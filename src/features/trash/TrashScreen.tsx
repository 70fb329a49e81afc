/**
 * The Trash screen (owner route /trash, issue 43): everything the owner deleted, newest first, each with
 * Restore and Delete forever, and Empty trash. Works offline: a restore is a synced edit, a delete for good
 * the old delete (repositories/trash.ts).
 */
import { useState } from "react";
import { formatMoment } from "../../domain/format";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Spinner } from "../../ui/Spinner";
import { TRASH_TEXTS as T } from "./texts";
import { TrashThumb } from "./TrashThumb";
import { removeForever, restore, type TrashSelection } from "./trashActions";
import { useTrash, type TrashEntry } from "./useTrash";
import "./trash.css";

const KIND_LABEL: Record<TrashEntry["kind"], () => string> = {
  image: () => T.kindImage,
  video: () => T.kindVideo,
  set: () => T.kindSet,
  client: () => T.kindClient,
  person: () => T.kindPerson,
};

const selectionOf = (entries: readonly TrashEntry[]): TrashSelection[] => {
  const by = new Map<TrashEntry["collection"], string[]>();
  for (const e of entries) by.set(e.collection, [...(by.get(e.collection) ?? []), e.id]);
  return [...by].map(([collection, ids]) => ({ collection, ids }));
};

export function TrashScreen() {
  const trash = useTrash();
  const [toDelete, setToDelete] = useState<TrashEntry[] | null>(null);
  return (
    <main className="page trash-page">
      <div className="page-head">
        <h1>{T.title}</h1>
        {trash?.entries.length ? (
          <Button variant="outline" className="page-head-action" onClick={() => setToDelete(trash.entries)}>
            {T.emptyTrash}
          </Button>
        ) : null}
      </div>
      {trash ? <p className="muted">{T.intro(trash.days)}</p> : null}
      {!trash ? (
        <Spinner label={T.loading} />
      ) : trash.entries.length === 0 ? (
        <section className="card trash-empty">
          <h2>{T.empty}</h2>
          <p className="muted">{T.emptyText}</p>
        </section>
      ) : (
        <ul className="trash-list card" aria-label={T.title}>
          {trash.entries.map((entry) => (
            <li key={`${entry.collection}:${entry.id}`} className="trash-item">
              {entry.collection === "images" ? <TrashThumb id={entry.id} /> : <span className={`trash-thumb trash-kind-${entry.kind}`} aria-hidden="true" />}
              <div className="trash-what">
                <span className="trash-name">{entry.name}</span>
                <span className="muted trash-meta">
                  {KIND_LABEL[entry.kind]()}
                  {entry.gallery ? ` · ${T.inGallery(entry.gallery)}` : ""} · {T.deletedOn(formatMoment(entry.trashedAt))}
                </span>
                <span className="muted trash-meta">{T.goesIn(entry.daysLeft)}</span>
              </div>
              <div className="trash-actions">
                <Button variant="outline" onClick={() => void restore(selectionOf([entry]))} aria-label={`${T.restore}: ${entry.name}`}>
                  {T.restore}
                </Button>
                <Button variant="ghost" className="trash-forever" onClick={() => setToDelete([entry])} aria-label={`${T.deleteForever}: ${entry.name}`}>
                  {T.deleteForever}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={!!toDelete}
        title={T.confirmTitle(toDelete?.length ?? 1)}
        cancelLabel={T.cancel}
        confirmLabel={T.deleteForever}
        busyLabel={T.deleteForever}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          await removeForever(selectionOf(toDelete ?? []));
          setToDelete(null);
        }}
      >
        <p>{T.confirmText}</p>
      </ConfirmDialog>
    </main>
  );
}
