/**
 * The gallery tab's set tools (issue 26): 'Sets' opens the editor; with sets and a selection, 'Move to set'
 * moves the selected photos (or to no set). Also the question a zip with top-level folders asks.
 */
import type { ImageRow } from "../../store/rows";
import { Button } from "../../ui/Button";
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
        <label className="move-to-set">
          <span className="sr-only">{SET_TEXTS.moveToSetLabel(selected.length)}</span>
          <select
            value=""
            disabled={!selected.length}
            onChange={(e) => {
              const value = e.target.value;
              const set = sets.find((s) => s.id === value);
              if (value) void movePhotos(selected.map((i) => i.id), set ? set.id : "", set ? set.name : SET_TEXTS.noSet);
            }}
          >
            <option value="">{SET_TEXTS.moveToSet}</option>
            {sets.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            <option value={NO_SET}>{SET_TEXTS.noSet}</option>
          </select>
        </label>
      ) : null}
    </>
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
      <p>{question ? SET_TEXTS.zipFoldersText(question.folders) : null}</p>
    </Dialog>
  );
}
