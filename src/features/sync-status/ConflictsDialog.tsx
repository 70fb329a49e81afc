/** Lists the values that lost a conflict; one click restores one (as a new, newest edit). */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import { canSendAgain, dismissConflict, restoreConflict } from "../../store/repositories/conflicts";
import { toast } from "../../state/toast";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { errorText } from "../../lib/refusals/refusals";
import type { ConflictRow } from "../../store/rows";
import { conflictSubjects } from "./conflictSubjects";
import { SYNC_TEXTS } from "./texts";
import "./sync.css";

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return SYNC_TEXTS.emptyValue;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function ConflictsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const conflicts = useLiveQuery(() => db.conflicts.where("resolved").equals(0).toArray(), []) ?? [];
  const names = useLiveQuery(() => conflictSubjects(db, conflicts), [conflicts]) ?? new Map<string, string>();
  const act = async (conflict: ConflictRow, action: () => Promise<void>) => {
    try {
      await action();
    } catch (err) {
      toast({ title: SYNC_TEXTS.conflictActionFailed[conflict.collection], description: errorText(err), variant: "destructive" });
    }
  };
  return (
    <Dialog isOpen={isOpen} title={SYNC_TEXTS.conflictsTitle} onClose={onClose} footer={<Button variant="outline" onClick={onClose}>{SYNC_TEXTS.close}</Button>}>
      <p className="muted">{SYNC_TEXTS.conflictsIntro}</p>
      <ul className="conflict-list">
        {conflicts.map((c) => (
          <li key={c.id} className="conflict">
            <div>
              <strong>{names.get(c.recordId) ?? c.recordId}</strong> · {c.field === "*" ? SYNC_TEXTS.deletedRecord : c.field}
              <div className="muted">
                {SYNC_TEXTS.lost} <q>{show(c.lostValue)}</q>
                {c.field !== "*" ? (
                  <>
                    {" "}
                    · {SYNC_TEXTS.kept} <q>{show(c.keptValue)}</q>
                  </>
                ) : null}
              </div>
            </div>
            <div className="conflict-actions">
              {c.field !== "*" ? <Button onClick={() => act(c, () => restoreConflict(db, c.id!))}>{SYNC_TEXTS.restore}</Button> : null}
              {canSendAgain(c) ? <Button onClick={() => act(c, () => restoreConflict(db, c.id!))}>{SYNC_TEXTS.sendAgain}</Button> : null}
              <Button variant="ghost" onClick={() => act(c, () => dismissConflict(db, c.id!))}>
                {SYNC_TEXTS.dismiss}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
