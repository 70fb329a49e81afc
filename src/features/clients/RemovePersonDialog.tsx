/**
 * 'Remove' a person (issue 26), confirmed: what goes with them (their favourites, picks, comments and
 * submission, counted as this device holds them), on every device and in the gallery.
 */
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { removePerson } from "./proofingActions";
import { PROOFING_OWNER_TEXTS as T } from "./texts";
import type { OwnerProofPerson } from "./useProofing";

export function RemovePersonDialog({ person, onDone }: { person: OwnerProofPerson | null; onDone: () => void }) {
  const [isRemoving, setIsRemoving] = useState(false);
  const picks = person ? person.lists.reduce((n, l) => n + l.images.length, 0) : 0;
  return (
    <Dialog
      isOpen={!!person}
      title={person ? T.removePersonTitle(person.name) : ""}
      onClose={() => !isRemoving && onDone()}
      footer={
        <>
          <Button variant="outline" onClick={onDone} disabled={isRemoving}>
            {T.cancel}
          </Button>
          <Button
            variant="destructive"
            disabled={isRemoving}
            onClick={async () => {
              if (!person) return;
              setIsRemoving(true);
              await removePerson(person.id, person.name);
              setIsRemoving(false);
              onDone();
            }}
          >
            {isRemoving ? T.removing : T.remove}
          </Button>
        </>
      }
    >
      {person ? <p>{T.removePersonText(person.name, person.favourites.length, picks, person.comments.length, person.submittedAt ? "yes" : "no")}</p> : null}
    </Dialog>
  );
}
