/**
 * 'Remove' a person (issue 26), confirmed: what goes with them (their favourites, picks, comments and
 * submission, counted as this device holds them), on every device and in the gallery.
 */
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { removePerson } from "./proofingActions";
import { PROOFING_OWNER_TEXTS as T } from "./texts";
import type { OwnerProofPerson } from "./useProofing";

export function RemovePersonDialog({ person, onDone }: { person: OwnerProofPerson | null; onDone: () => void }) {
  const picks = person ? person.lists.reduce((n, l) => n + l.images.length, 0) : 0;
  return (
    <ConfirmDialog
      isOpen={!!person}
      title={person ? T.removePersonTitle(person.name) : ""}
      cancelLabel={T.cancel}
      confirmLabel={T.remove}
      busyLabel={T.removing}
      onCancel={onDone}
      onConfirm={async () => {
        if (!person) return;
        await removePerson(person.id, person.name);
        onDone();
      }}
    >
      {person ? <p>{T.removePersonText(person.name, person.favourites.length, picks, person.comments.length, person.submittedAt ? "yes" : "no")}</p> : null}
    </ConfirmDialog>
  );
}
