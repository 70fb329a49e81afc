/**
 * The owner's set editor (issue 26): add, rename, reorder and delete a gallery's sets. Every change is a
 * store write (offline too); a rename is saved when the field loses focus or Enter is pressed. Deleting a
 * set asks first and says its photos stay in the gallery.
 */
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { addSet, moveSet, removeSet, renameOneSet } from "./setActions";
import { IMAGE_TEXTS, SET_TEXTS } from "./texts";
import type { SetWithCount } from "./useSets";

interface Props {
  clientId: string;
  sets: readonly SetWithCount[];
  isOpen: boolean;
  onClose: () => void;
}

function SetLine({ clientId, set, ids, index, onDelete }: { clientId: string; set: SetWithCount; ids: string[]; index: number; onDelete: () => void }) {
  const [name, setName] = useState(set.name);
  const save = () => {
    if (name.trim() && name.trim() !== set.name) void renameOneSet(set.id, name);
    else setName(set.name);
  };
  return (
    <li className="set-line">
      <input
        aria-label={SET_TEXTS.rename(set.name)}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => e.key === "Enter" && save()}
      />
      <span className="muted set-line-count">{SET_TEXTS.photoCount(set.count)}</span>
      <Button variant="ghost" aria-label={SET_TEXTS.moveUp(set.name)} disabled={index === 0} onClick={() => void moveSet(clientId, ids, set.id, -1)}>
        ↑
      </Button>
      <Button variant="ghost" aria-label={SET_TEXTS.moveDown(set.name)} disabled={index === ids.length - 1} onClick={() => void moveSet(clientId, ids, set.id, 1)}>
        ↓
      </Button>
      <Button variant="ghost" className="danger" aria-label={SET_TEXTS.deleteSet(set.name)} onClick={onDelete}>
        ✕
      </Button>
    </li>
  );
}

export function SetEditor({ clientId, sets, isOpen, onClose }: Props) {
  const [newName, setNewName] = useState("");
  const [toDelete, setToDelete] = useState<SetWithCount | null>(null);
  const ids = sets.map((s) => s.id);
  const add = async () => {
    if (!newName.trim()) return;
    if (await addSet(clientId, newName)) setNewName("");
  };
  return (
    <>
      <Dialog isOpen={isOpen && !toDelete} title={SET_TEXTS.editorTitle} onClose={onClose} footer={<Button onClick={onClose}>{SET_TEXTS.done}</Button>}>
        <p className="muted">{SET_TEXTS.editorIntro}</p>
        {sets.length ? (
          <ol className="set-lines">
            {sets.map((set, i) => (
              <SetLine key={`${set.id}:${set.name}`} clientId={clientId} set={set} ids={ids} index={i} onDelete={() => setToDelete(set)} />
            ))}
          </ol>
        ) : (
          <p className="muted">{SET_TEXTS.noSetsYet}</p>
        )}
        <form
          className="set-add"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <input aria-label={SET_TEXTS.newSetName} placeholder={SET_TEXTS.newSetName} value={newName} maxLength={100} onChange={(e) => setNewName(e.target.value)} />
          <Button type="submit" variant="outline" disabled={!newName.trim()}>
            {SET_TEXTS.addSet}
          </Button>
        </form>
      </Dialog>
      <Dialog
        isOpen={!!toDelete}
        title={SET_TEXTS.deleteSetTitle}
        onClose={() => setToDelete(null)}
        footer={
          <>
            <Button variant="outline" onClick={() => setToDelete(null)}>
              {IMAGE_TEXTS.cancel}
            </Button>
            <Button variant="destructive" onClick={() => void removeSet(toDelete!.id).then(() => setToDelete(null))}>
              {IMAGE_TEXTS.delete}
            </Button>
          </>
        }
      >
        <p>{toDelete ? SET_TEXTS.deleteSetText(toDelete.name, toDelete.count) : null}</p>
      </Dialog>
    </>
  );
}
