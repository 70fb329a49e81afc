/**
 * 'Uploading Images' / 'Uploading Zip Archive', then 'Upload Completed Successfully' or 'Upload Completed
 * with Issues': overall progress and each file's status. Closable only when complete.
 */
import { formatBytes } from "../../domain/format";
import { FileWorkDialog } from "../../ui/ProgressDialog";
import type { ItemStatus } from "./importFiles";
import { UPLOAD_TEXTS } from "./texts";
import type { ImportRun } from "./useImport";

export function UploadProgressDialog({ run, onClose }: { run: ImportRun | null; onClose: () => void }) {
  return (
    <FileWorkDialog
      run={run}
      titles={{ working: run?.kind === "zip" ? UPLOAD_TEXTS.titleZip : UPLOAD_TEXTS.titleImages, done: UPLOAD_TEXTS.doneOk, issues: UPLOAD_TEXTS.doneIssues }}
      overallLabel={UPLOAD_TEXTS.overall}
      statusLine={(item) => `${formatBytes(item.size)} · ${UPLOAD_TEXTS.status[item.status as ItemStatus]}`}
      closeLabel={UPLOAD_TEXTS.close}
      onClose={onClose}
    />
  );
}
