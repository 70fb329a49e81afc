/**
 * 'Uploading Images' / 'Uploading Zip Archive' while the photos are processed onto the device; then, while
 * the server has not confirmed them, 'Saved on this device · uploads when online (n photos)' (or
 * '· uploading' during a sync); 'Upload Completed Successfully' only once none of the client's photos wait.
 * 'Cancel' stops the import; the dialog then says how many photos were saved and how many were not.
 * A clip shows what is being done to it (reading, poster, its web version with a percentage), and once
 * stored, a note when it was kept without a web version.
 * Files skipped as duplicates are named once the import is complete, with 'Import them anyway'.
 */
import { formatBytes } from "../../domain/format";
import { FileWorkDialog } from "../../ui/ProgressDialog";
import { useUploadStates } from "../sync-status/useUploadStates";
import type { ImportItem, ItemStatus } from "../../media/importItems";
import { UPLOAD_TEXTS } from "./texts";
import type { ImportRun } from "./useImport";

interface Props {
  clientId: string;
  run: ImportRun | null;
  onCancel: () => void;
  onClose: () => void;
  /** Imports the run's duplicates anyway. */
  onImportAnyway: () => void;
}

export function UploadProgressDialog({ clientId, run, onCancel, onClose, onImportAnyway }: Props) {
  const upload = useUploadStates()(clientId);
  // The device's counts follow the import a moment later: photos just stored while the counts still say the
  // gallery is empty are on this device only, never 'Upload Completed Successfully' (issue 25).
  const stored = run ? count(run.items, "success") : 0;
  const done =
    upload.kind === "done" || (upload.kind === "empty" && stored === 0)
      ? UPLOAD_TEXTS.doneOk
      : upload.kind === "empty"
        ? UPLOAD_TEXTS.savedHere
        : upload.kind === "uploading"
          ? UPLOAD_TEXTS.savedUploading(upload.pending)
          : UPLOAD_TEXTS.savedOffline(upload.pending);
  return (
    <FileWorkDialog
      run={run}
      titles={{ working: run?.kind === "zip" ? UPLOAD_TEXTS.titleZip : UPLOAD_TEXTS.titleImages, done, issues: UPLOAD_TEXTS.doneIssues, cancelled: UPLOAD_TEXTS.titleCancelled }}
      overallLabel={UPLOAD_TEXTS.overall}
      statusLine={(item) => `${formatBytes(item.size)} · ${(item as ImportItem).step ?? UPLOAD_TEXTS.status[item.status as ItemStatus]}`}
      summary={(r) => UPLOAD_TEXTS.cancelledSummary(count(r.items, "success"), r.items.length - count(r.items, "success") - count(r.items, "duplicate"))}
      note={() => (run?.duplicates?.length ? UPLOAD_TEXTS.duplicatesNote(run.duplicates) : undefined)}
      action={run?.duplicates?.length ? { label: UPLOAD_TEXTS.importAnyway, onClick: onImportAnyway } : undefined}
      closeLabel={UPLOAD_TEXTS.close}
      cancel={{ label: UPLOAD_TEXTS.cancel, onCancel }}
      onClose={onClose}
    />
  );
}

function count(items: Array<{ status: string }>, status: ItemStatus): number {
  return items.filter((i) => i.status === status).length;
}
