/**
 * A progress dialog of work on many files: overall progress, an optional error, each file's status, and
 * a footer. It closes (Escape, backdrop) only once the work is complete; work that can stop offers 'Cancel'
 * until then.
 */
import type { ReactNode } from "react";
import { Dialog } from "./Dialog";
import { FileStatusList, type FileStatusItem } from "./FileStatusList";
import { ProgressBar } from "./ProgressBar";

interface Props<T extends FileStatusItem> {
  isOpen: boolean;
  title: string;
  isComplete: boolean;
  overall: number;
  overallLabel: string;
  items: T[];
  statusLine: (item: T) => string;
  error?: string;
  /** What came of the work, said once it is complete (for example after a cancel). */
  summary?: string;
  /** What the work brings, said from the start (a download's file format). */
  note?: string;
  footer: ReactNode;
  onClose: () => void;
}

export function ProgressDialog<T extends FileStatusItem>(p: Props<T>) {
  return (
    <Dialog isOpen={p.isOpen} title={p.title} isDismissable={p.isComplete} onClose={p.onClose} footer={p.footer}>
      {p.isOpen ? (
        <>
          {p.note ? <p className="progress-note">{p.note}</p> : null}
          <div className="progress-head">
            <span>{p.overallLabel}</span>
            <span>{Math.round(p.overall)}%</span>
          </div>
          <ProgressBar value={p.overall} label={p.overallLabel} />
          {p.summary ? (
            <p className="progress-summary" role="status">
              {p.summary}
            </p>
          ) : null}
          {p.error ? (
            <p className="form-error" role="alert">
              {p.error}
            </p>
          ) : null}
          <FileStatusList items={p.items} statusLine={p.statusLine} />
        </>
      ) : null}
    </Dialog>
  );
}

/** Overall progress of items that each go from 0 to 100; a failed or cancelled item counts as finished. */
export function overallProgress(items: Array<{ status: string; progress: number }>, isComplete: boolean): number {
  if (!items.length) return isComplete ? 100 : 0;
  return items.reduce((sum, i) => sum + (i.status === "error" || i.status === "cancelled" ? 100 : i.progress), 0) / items.length;
}

export interface FileWork {
  items: Array<FileStatusItem & { size: number; progress: number }>;
  isComplete: boolean;
  /** The person cancelled: jobs in flight were stopped, what had finished was kept. */
  isCancelled?: boolean;
  error?: string;
}

/** Work on files (import, conversion): one title while working, another when done, with or without issues. */
export function FileWorkDialog({ run, titles, overallLabel, statusLine, summary, note, action, closeLabel, cancel, onClose }: {
  run: FileWork | null;
  titles: { working: string; done: string; issues: string; cancelled: string };
  overallLabel: string;
  statusLine: (item: FileWork["items"][number]) => string;
  /** Said when the run was cancelled: what was kept, what was not. */
  summary?: (run: FileWork) => string;
  /** Said once the work is complete when there is something to say (for example files left out). */
  note?: (run: FileWork) => string | undefined;
  /** A button beside 'Close' once the work is complete (for example to redo what was left out). */
  action?: { label: string; onClick: () => void };
  closeLabel: string;
  /** 'Cancel' while the work runs (disabled once pressed). */
  cancel?: { label: string; onCancel: () => void };
  onClose: () => void;
}) {
  const hasIssues = !!run && (!!run.error || run.items.some((i) => i.status === "error"));
  const title = run?.isCancelled ? titles.cancelled : !run?.isComplete ? titles.working : hasIssues ? titles.issues : titles.done;
  return (
    <ProgressDialog
      isOpen={!!run}
      title={title}
      isComplete={!!run?.isComplete}
      overall={overallProgress(run?.items ?? [], !!run?.isComplete)}
      overallLabel={overallLabel}
      items={run?.items ?? []}
      statusLine={statusLine}
      error={run?.error}
      summary={run?.isComplete ? (run.isCancelled && summary ? summary(run) : note?.(run)) : undefined}
      onClose={onClose}
      footer={
        <>
          {cancel && !run?.isComplete ? (
            <button type="button" className="btn btn-outline" onClick={cancel.onCancel} disabled={!!run?.isCancelled}>
              {cancel.label}
            </button>
          ) : null}
          {action && run?.isComplete ? (
            <button type="button" className="btn btn-outline" onClick={action.onClick}>
              {action.label}
            </button>
          ) : null}
          <button type="button" className="btn btn-primary" onClick={onClose} disabled={!run?.isComplete}>
            {closeLabel}
          </button>
        </>
      }
    />
  );
}
