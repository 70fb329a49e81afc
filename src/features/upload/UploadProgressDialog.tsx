/**
 * 'Uploading Images' / 'Uploading Zip Archive', then 'Upload Completed Successfully' or 'Upload Completed
 * with Issues': overall progress and each file's status. Closable only when complete.
 */
import { formatBytes } from "../../domain/format";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { ProgressBar } from "../../ui/ProgressBar";
import { UPLOAD_TEXTS } from "./texts";
import type { ImportRun } from "./useImport";

export function UploadProgressDialog({ run, onClose }: { run: ImportRun | null; onClose: () => void }) {
  const hasIssues = !!run && (!!run.error || run.items.some((i) => i.status === "error"));
  const title = !run ? "" : !run.isComplete ? (run.kind === "zip" ? UPLOAD_TEXTS.titleZip : UPLOAD_TEXTS.titleImages) : hasIssues ? UPLOAD_TEXTS.doneIssues : UPLOAD_TEXTS.doneOk;
  const overall = run?.items.length ? run.items.reduce((sum, i) => sum + (i.status === "error" ? 100 : i.progress), 0) / run.items.length : run?.isComplete ? 100 : 0;
  return (
    <Dialog
      isOpen={!!run}
      title={title}
      isDismissable={!!run?.isComplete}
      onClose={onClose}
      footer={
        <Button onClick={onClose} disabled={!run?.isComplete}>
          {UPLOAD_TEXTS.close}
        </Button>
      }
    >
      {run ? (
        <>
          <div className="progress-head">
            <span>{UPLOAD_TEXTS.overall}</span>
            <span>{Math.round(overall)}%</span>
          </div>
          <ProgressBar value={overall} label={UPLOAD_TEXTS.overall} />
          {run.error ? (
            <p className="form-error" role="alert">
              {run.error}
            </p>
          ) : null}
          <ul className="file-status-list" aria-label="Files">
            {run.items.map((item) => (
              <li key={item.id} className={`file-status file-status-${item.status}`}>
                <span className="file-status-name" title={item.name}>
                  {item.name}
                </span>
                <span className="file-status-state">
                  {formatBytes(item.size)} · {UPLOAD_TEXTS.status[item.status]}
                </span>
                {item.error ? <span className="file-status-error">{item.error}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Dialog>
  );
}
