/**
 * 'Preparing Your Download': total percentage and each file with its status, percentage and error text;
 * the list scrolls above 300 px. Closable only when complete; 'Done' reads 'Close' when a file failed.
 */
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { ProgressBar } from "../../ui/ProgressBar";
import { DOWNLOAD_TEXTS } from "./texts";
import type { DownloadItem } from "./zipDownload";

export interface DownloadRun {
  items: DownloadItem[];
  total: number;
  isComplete: boolean;
  /** Offered when the file is ready but could not be saved by itself. */
  onDownloadNow?: () => void;
}

export function DownloadDialog({ run, onClose }: { run: DownloadRun | null; onClose: () => void }) {
  const hasErrors = !!run?.items.some((i) => i.status === "error");
  const title = !run?.isComplete ? DOWNLOAD_TEXTS.preparing : hasErrors ? DOWNLOAD_TEXTS.completeWithIssues : DOWNLOAD_TEXTS.complete;
  return (
    <Dialog
      isOpen={!!run}
      title={title}
      isDismissable={!!run?.isComplete}
      onClose={onClose}
      footer={
        run?.isComplete ? (
          <>
            {!hasErrors && run.onDownloadNow ? <Button onClick={run.onDownloadNow}>{DOWNLOAD_TEXTS.downloadNow}</Button> : null}
            <Button variant={hasErrors ? "outline" : "primary"} onClick={onClose}>
              {hasErrors ? DOWNLOAD_TEXTS.close : DOWNLOAD_TEXTS.done}
            </Button>
          </>
        ) : null
      }
    >
      {run ? (
        <>
          <div className="progress-head">
            <span>{DOWNLOAD_TEXTS.total}</span>
            <span>{Math.round(run.total)}%</span>
          </div>
          <ProgressBar value={run.total} label={DOWNLOAD_TEXTS.total} />
          <ul className="file-status-list" aria-label="Files">
            {run.items.map((item) => (
              <li key={item.id} className={`file-status file-status-${item.status}`}>
                <span className="file-status-name" title={item.name}>
                  {item.name}
                </span>
                <span className="file-status-state">
                  {DOWNLOAD_TEXTS.status[item.status]} · {item.progress}%
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
