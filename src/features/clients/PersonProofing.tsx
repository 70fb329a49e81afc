/**
 * One person's proofing on the client page (issue 26): their favourites and each list's picks with counts,
 * each copied as file names (Lightroom's filter form) or downloaded as a zip, their comments, whether they
 * submitted, and 'Unlock' for their selection only. Someone who chose nothing yet shows their name and counts only.
 * 'Edit' corrects their name and email in place; 'Remove' asks first (RemovePersonDialog); the box before the
 * name selects them for removal with others (PeopleSelection, issue 37).
 */
import { useId, useState } from "react";
import { imageName } from "../../domain/image-files";
import type { ImageRow } from "../../store/rows";
import type { ProofPersonInput } from "../../store/repositories/proofPeople";
import { Button } from "../../ui/Button";
import { PersonForm } from "./PersonForm";
import { PROOFING_OWNER_TEXTS as T } from "./texts";
import type { OwnerProofPerson } from "./useProofing";
import "./clients.css";

interface Props {
  person: OwnerProofPerson;
  onCopy: (label: string, images: ImageRow[]) => void;
  onDownload: (label: string, images: ImageRow[]) => void;
  onUnlock: () => void;
  /** Saves a new name and email; false when refused (the form stays open). */
  onRename: (input: ProofPersonInput) => Promise<boolean>;
  onRemove: () => void;
  /** Whether the person is among those selected for removal together (issue 37), and its change. */
  selected: boolean;
  onSelect: (on: boolean) => void;
}

export function PersonProofing({ person, onCopy, onDownload, onUnlock, onRename, onRemove, selected, onSelect }: Props) {
  const titleId = useId();
  const [isEditing, setEditing] = useState(false);
  const picks = person.lists.reduce((n, l) => n + l.images.length, 0);
  // Someone who gave their name and chose nothing yet: their name and counts, no empty rows.
  const nothing = !person.favourites.length && !picks && !person.comments.length && !person.submittedAt;
  const row = (key: string, label: string, title: string, count: string, images: ImageRow[]) => (
    <li key={key} className="proofing-row">
      <span>
        <strong>{title}</strong> <span className="muted">{count}</span>
      </span>
      <span className="proofing-row-actions">
        <Button variant="outline" disabled={!images.length} onClick={() => onCopy(label, images)} aria-label={T.copyNamesOf(label)}>
          {T.copyNames}
        </Button>
        <Button variant="outline" disabled={!images.length} onClick={() => onDownload(label, images)} aria-label={T.downloadOf(label)}>
          {T.download}
        </Button>
      </span>
    </li>
  );
  return (
    <section className="proofing-person" aria-labelledby={titleId} data-testid="proofing-person">
      <div className="proofing-person-head">
        <span className="proofing-person-name">
          <input type="checkbox" className="proofing-select" checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={T.selectOf(person.name)} />
          <h3 id={titleId} className="proofing-person-title">
            {person.name}
            {person.email ? <span className="muted small"> {person.email}</span> : null}
          </h3>
        </span>
        {isEditing ? null : (
          <span className="proofing-row-actions">
            <Button variant="ghost" onClick={() => setEditing(true)} aria-label={T.editOf(person.name)}>
              {T.edit}
            </Button>
            <Button variant="ghost" onClick={onRemove} aria-label={T.removeOf(person.name)}>
              {T.remove}
            </Button>
          </span>
        )}
      </div>
      {isEditing ? (
        <PersonForm
          initial={{ name: person.name, email: person.email }}
          onSubmit={async (input) => {
            const ok = await onRename(input);
            if (ok) setEditing(false);
            return ok;
          }}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      <p className="muted small proofing-person-counts">{T.personCounts(person.favourites.length, picks, person.comments.length)}</p>
      <p className="muted proofing-status">
        {person.submittedAt ? T.personSubmitted(person.name) : T.personNotSubmitted(person.name)}
        {person.submittedAt ? (
          <Button variant="outline" onClick={onUnlock} aria-label={T.unlockOf(person.name)}>
            {T.unlock}
          </Button>
        ) : null}
      </p>
      {nothing ? null : (
        <ul className="proofing-rows">
          {row("favourites", T.ofPerson(T.favourites, person.name), T.favourites, T.count(person.favourites.length), person.favourites)}
          {person.lists.map((l) => row(l.id, T.ofPerson(l.name, person.name), l.name, T.chosen(l.images.length, l.limit), l.images))}
        </ul>
      )}
      {person.comments.length ? (
        <ul className="proofing-comments" aria-label={T.commentsOf(person.name)}>
          {person.comments.map((c) => (
            <li key={c.image.id}>
              <strong>{imageName(c.image)}</strong>: {c.text}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
