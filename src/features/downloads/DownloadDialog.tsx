/**
 * 'Preparing Your Download': total percentage and each file with its status, percentage and error text;
 * the list scrolls above 300 px. Closable only when complete; 'Done' reads 'Close' when a file failed.
 */
import { Button } from "../../ui/Button";
import { ProgressDialog } from "../../ui/ProgressDialog";
import { DOWNLOAD_TEXTS } from "./texts";
import type { DownloadItem } from "./zipDownload";

export interface DownloadRun {
  items: DownloadItem[];
  total: number;
  isComplete: boolean;
  /** Offered when the file is ready but could not be saved by itself. */
  onDownloadNow?: () => void;
}

/** `note`: what the files are (a visitor's download says its format, issue 25). */
export function DownloadDialog({ run, onClose, note }: { run: DownloadRun | null; onClose: () => void; note?: string }) {
  const hasErrors = !!run?.items.some((i) => i.status === "error");
  const title = !run?.isComplete ? DOWNLOAD_TEXTS.preparing : hasErrors ? DOWNLOAD_TEXTS.completeWithIssues : DOWNLOAD_TEXTS.complete;
  return (
    <ProgressDialog
      isOpen={!!run}
      title={title}
      isComplete={!!run?.isComplete}
      overall={run?.total ?? 0}
      overallLabel={DOWNLOAD_TEXTS.total}
      note={note}
      items={run?.items ?? []}
      statusLine={(item) => `${DOWNLOAD_TEXTS.status[item.status]} · ${item.progress}%`}
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
    />
  );
}
