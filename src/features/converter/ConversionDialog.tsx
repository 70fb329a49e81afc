/** The conversion progress dialog: overall progress and each file's status; closable when complete. */
import { formatBytes } from "../../domain/format";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { ProgressBar } from "../../ui/ProgressBar";
import { CONVERTER_TEXTS } from "./texts";
import type { ConversionRun } from "./useConversion";

export function ConversionDialog({ run, onClose }: { run: ConversionRun | null; onClose: () => void }) {
  const hasIssues = !!run && (!!run.error || run.items.some((i) => i.status === "error"));
  const title = !run?.isComplete ? CONVERTER_TEXTS.progressTitle : hasIssues ? CONVERTER_TEXTS.progressIssues : CONVERTER_TEXTS.progressDone;
  const overall = run?.items.length ? run.items.reduce((sum, i) => sum + (i.status === "error" ? 100 : i.progress), 0) / run.items.length : run?.isComplete ? 100 : 0;
  return (
    <Dialog isOpen={!!run} title={title} isDismissable={!!run?.isComplete} onClose={onClose} footer={<Button onClick={onClose} disabled={!run?.isComplete}>{CONVERTER_TEXTS.close}</Button>}>
      {run ? (
        <>
          <div className="progress-head">
            <span>{CONVERTER_TEXTS.overall}</span>
            <span>{Math.round(overall)}%</span>
          </div>
          <ProgressBar value={overall} label={CONVERTER_TEXTS.overall} />
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
                  {formatBytes(item.size)} · {CONVERTER_TEXTS.status[item.status]}
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
