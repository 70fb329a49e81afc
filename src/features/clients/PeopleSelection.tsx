/**
 * The owner's answer to a flood of made-up names (issue 37), above the people on the client's page: a notice
 * when many people gave their name within one hour lately (domain/proofing.ts's peopleBurst, from the people's
 * created times), with 'Select them'; and, while people are selected, their count with 'Remove selected'
 * (confirmed, with what goes with them), 'Select all' and 'Clear selection'. The removal is one write of the
 * device's store (offline too; sync pushes a delete per person).
 */
import { useState } from "react";
import { formatDateTime } from "../../domain/format";
import { peopleBurst } from "../../domain/proofing";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { removePeople } from "./proofingActions";
import { PROOFING_OWNER_TEXTS as T } from "./texts";
import type { OwnerProofPerson } from "./useProofing";

interface Props {
  people: OwnerProofPerson[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
}

export function PeopleSelection({ people, selected, onSelect }: Props) {
  const [isConfirming, setConfirming] = useState(false);
  const [openedAt] = useState(() => Date.now()); // "lately" as of opening the page
  const burst = peopleBurst(people, openedAt);
  const chosen = people.filter((p) => selected.has(p.id));
  const sum = (count: (p: OwnerProofPerson) => number) => chosen.reduce((n, p) => n + count(p), 0);
  return (
    <>
      {burst ? (
        <p className="field-warning proofing-status" role="status" data-testid="people-burst">
          {T.burst(burst.ids.length, formatDateTime(new Date(burst.from)))}
          <Button variant="outline" onClick={() => onSelect(new Set(burst.ids))}>
            {T.selectBurst}
          </Button>
        </p>
      ) : null}
      {chosen.length ? (
        <p className="proofing-status proofing-selection" data-testid="people-selection">
          <strong>{T.selectedCount(chosen.length)}</strong>
          <span className="proofing-row-actions">
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              {T.removeSelected}
            </Button>
            <Button variant="outline" onClick={() => onSelect(new Set(people.map((p) => p.id)))}>
              {T.selectAll}
            </Button>
            <Button variant="ghost" onClick={() => onSelect(new Set())}>
              {T.clearSelection}
            </Button>
          </span>
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming && chosen.length > 0}
        title={T.removePeopleTitle(chosen.length)}
        cancelLabel={T.cancel}
        confirmLabel={T.remove}
        busyLabel={T.removing}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const ok = await removePeople(chosen.map((p) => p.id));
          setConfirming(false);
          if (ok) onSelect(new Set());
        }}
      >
        <p>
          {T.removePeopleText(
            sum((p) => p.favourites.length),
            sum((p) => p.lists.reduce((n, l) => n + l.images.length, 0)),
            sum((p) => p.comments.length),
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}
