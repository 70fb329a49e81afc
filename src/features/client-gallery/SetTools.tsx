/**
 * The gallery tab's set tools (issue 26): 'Sets' opens the editor; with sets and a selection, 'Move to set'
 * moves the selected photos (or to no set), and so does dragging photos onto a set of the drop bar (desktop).
 * Also the question a zip with top-level folders asks.
 */
import { useState } from "react";
import type { ImageRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { ChoiceMenu } from "../../ui/ChoiceMenu";
import { Dialog } from "../../ui/Dialog";
import type { FolderQuestion } from "../upload/useImport";
import { movePhotos } from "./setActions";
import { SET_TEXTS } from "./texts";
import type { SetWithCount } from "./useSets";

const NO_SET = "-";

export function SetTools({ sets, selected, onEdit }: { sets: readonly SetWithCount[]; selected: readonly ImageRow[]; onEdit: () => void }) {
  return (
    <>
      <Button variant="outline" onClick={onEdit}>
        {sets.length ? SET_TEXTS.editSets : SET_TEXTS.sets}
      </Button>
      {sets.length ? (
        <ChoiceMenu
          className="move-to-set"
          label={SET_TEXTS.moveToSet}
          isDisabled={!selected.length}
          options={[...sets.map((s) => ({ value: s.id, label: s.name })), { value: NO_SET, label: SET_TEXTS.noSet }]}
          onChange={(value) => {
            const set = sets.find((s) => s.id === value);
            void movePhotos(selected.map((i) => i.id), set ? set.id : "", set ? set.name : SET_TEXTS.noSet);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * While photos are dragged (desktop), the sets as drop targets along the bottom of the window: dropping moves
 * the dragged photos (the selection, when the dragged card is selected) into that set, or to no set.
 */
export function SetDropBar({ sets, dragging, onDone }: { sets: readonly SetWithCount[]; dragging: readonly string[] | null; onDone: () => void }) {
  const [over, setOver] = useState<string | null>(null);
  if (!dragging || !sets.length) return null;
  const targets = [...sets.map((s) => ({ id: s.id, name: s.name })), { id: "", name: SET_TEXTS.noSet }];
  return (
    <div className="set-drop-bar" role="group" aria-label={SET_TEXTS.dropOnSet(dragging.length)}>
      <span className="set-drop-title">{SET_TEXTS.dropOnSet(dragging.length)}</span>
      {targets.map((t) => (
        <div
          key={t.id || "none"}
          className={`set-drop-target${over === t.id ? " is-over" : ""}`}
          data-set-drop={t.name}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = "move";
            setOver(t.id);
          }}
          onDragLeave={() => setOver((o) => (o === t.id ? null : o))}
          onDrop={(e) => {
            e.preventDefault();
            setOver(null);
            void movePhotos(dragging, t.id, t.name);
            onDone();
          }}
        >
          {t.name}
        </div>
      ))}
    </div>
  );
}

export function ZipFoldersDialog({ question }: { question: FolderQuestion | null }) {
  return (
    <Dialog
      isOpen={!!question}
      title={SET_TEXTS.zipFoldersTitle}
      isDismissable={false}
      onClose={() => question?.answer(false)}
      footer={
        <>
          <Button variant="outline" onClick={() => question?.answer(false)}>
            {SET_TEXTS.zipFoldersNo}
          </Button>
          <Button onClick={() => question?.answer(true)}>{SET_TEXTS.zipFoldersYes}</Button>
        </>
      }
    >
      <p>{question ? SET_TEXTS.zipFoldersText(question.folders.length, question.folders.join(", ")) : null}</p>
    </Dialog>
  );
}
