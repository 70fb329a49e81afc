/** Lists the values that lost a conflict; one click restores one (as a new, newest edit). */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import { dismissConflict, restoreConflict } from "../../store/repositories/conflicts";
import { toast } from "../../state/toast";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { SYNC_TEXTS } from "./texts";
import { errorMessage } from "../../lib/errors";

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function ConflictsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const conflicts = useLiveQuery(() => db.conflicts.where("resolved").equals(0).toArray(), []) ?? [];
  // Clients by name, proofing lists by their name (a list's conflict is about its name or limit).
  const names =
    useLiveQuery(async () => new Map([...(await db.clients.toArray()).map((c) => [c.id, c.name] as const), ...(await db.proofLists.toArray()).map((l) => [l.id, `List '${String(l.name)}'`] as const)]), []) ??
    new Map<string, string>();
  const act = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (err) {
      toast({ title: "Error updating client", description: errorMessage(err), variant: "destructive" });
    }
  };
  return (
    <Dialog isOpen={isOpen} title={SYNC_TEXTS.conflictsTitle} onClose={onClose} footer={<Button variant="outline" onClick={onClose}>Close</Button>}>
      <p className="muted">{SYNC_TEXTS.conflictsIntro}</p>
      <ul className="conflict-list">
        {conflicts.map((c) => (
          <li key={c.id} className="conflict">
            <div>
              <strong>{names.get(c.recordId) ?? c.recordId}</strong> · {c.field === "*" ? SYNC_TEXTS.deletedRecord : c.field}
              <div className="muted">
                Lost: <q>{show(c.lostValue)}</q>
                {c.field !== "*" ? (
                  <>
                    {" "}
                    · Kept: <q>{show(c.keptValue)}</q>
                  </>
                ) : null}
              </div>
            </div>
            <div className="conflict-actions">
              {c.field !== "*" ? <Button onClick={() => act(() => restoreConflict(db, c.id!))}>{SYNC_TEXTS.restore}</Button> : null}
              <Button variant="ghost" onClick={() => act(() => dismissConflict(db, c.id!))}>
                {SYNC_TEXTS.dismiss}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
