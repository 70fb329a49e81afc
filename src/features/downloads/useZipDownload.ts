/** Runs downloads (a zip of many, or one original) and keeps the state their dialog shows. */
import { useCallback, useRef, useState } from "react";
import { toast } from "../../state/toast";
import type { DownloadRun } from "./DownloadDialog";
import { chooseZipTarget, saveBlob } from "./saveFile";
import { DOWNLOAD_TEXTS } from "./texts";
import { downloadZip, type DownloadItem, type ZipSource } from "./zipDownload";
import { errorMessage } from "../../lib/errors";

/** How often the dialog takes the download's progress (ms). */
const PROGRESS_EVERY_MS = 200;

/**
 * Progress gathered and shown at most every PROGRESS_EVERY_MS: one render per file event made the page's
 * main thread busy for most of a large download, taking the cores the zip needs (docs/benchmarks-history.md, zips
 * session 6). `flush` shows what is pending at once.
 */
function batchedProgress(setRun: (update: (r: DownloadRun | null) => DownloadRun | null) => void) {
  const items = new Map<string, Partial<DownloadItem>>();
  let total: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!items.size && total === undefined) return;
    const patches = new Map(items);
    const percent = total;
    items.clear();
    total = undefined;
    setRun((r) => (r ? { ...r, total: percent ?? r.total, items: r.items.map((i) => (patches.has(i.id) ? { ...i, ...patches.get(i.id) } : i)) } : r));
  };
  const schedule = () => void (timer ??= setTimeout(flush, PROGRESS_EVERY_MS));
  return {
    item: (id: string, patch: Partial<DownloadItem>) => {
      items.set(id, { ...items.get(id), ...patch });
      schedule();
    },
    total: (percent: number) => {
      total = percent;
      schedule();
    },
    flush,
  };
}

export function useZipDownload() {
  const [run, setRun] = useState<DownloadRun | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  /** Resolves with the ids that failed (empty when all went well), or null when nothing was started. */
  /** `chosenTarget`: where the zip goes when the caller already asked (a folder for many zips). */
  const start = useCallback(async (zipName: string, sources: ZipSource[], chosenTarget?: FileSystemFileHandle): Promise<string[] | null> => {
    if (!sources.length) return null;
    let target: FileSystemFileHandle | null;
    try {
      target = chosenTarget ?? (await chooseZipTarget(zipName));
    } catch {
      return null; // the user cancelled the save dialog
    }
    const abort = new AbortController();
    abortRef.current = abort;
    setRun({ items: sources.map((s): DownloadItem => ({ id: s.id, name: s.name, progress: 0, status: "queued" })), total: 0, isComplete: false });
    toast({ title: DOWNLOAD_TEXTS.downloadStarted, description: DOWNLOAD_TEXTS.downloadStartedText(sources.length) });
    const progress = batchedProgress(setRun);
    try {
      const failed = await downloadZip(zipName, sources, progress, target, abort.signal);
      progress.flush();
      setRun((r) => (r ? { ...r, isComplete: true, total: 100 } : r));
      if (!failed.length) toast({ title: DOWNLOAD_TEXTS.complete });
      return failed;
    } catch {
      progress.flush();
      setRun((r) => (r ? { ...r, isComplete: true, items: r.items.map((i) => (i.status === "success" ? i : { ...i, status: "error", progress: 0, error: i.error ?? DOWNLOAD_TEXTS.failedFallback })) } : r));
      toast({ title: DOWNLOAD_TEXTS.downloadFailed, description: DOWNLOAD_TEXTS.downloadFailedSelected, variant: "destructive" });
      return sources.map((s) => s.id);
    }
  }, []);

  const close = useCallback(() => {
    abortRef.current?.abort();
    setRun(null);
  }, []);

  return { run, start, close };
}

/** One file to save: its name and how to get its bytes (throws with the message to show). */
export interface SingleSource {
  id: string;
  name: string;
  load: () => Promise<Blob>;
}

/**
 * One original, with the steps of the specification: total 50 after the response, 90 after the bytes,
 * 100 when saved; a failure completes the dialog with the error.
 */
export function useSingleDownload() {
  const [run, setRun] = useState<DownloadRun | null>(null);
  const start = useCallback(async (source: SingleSource) => {
    const item: DownloadItem = { id: source.id, name: source.name, progress: 10, status: "downloading" };
    setRun({ items: [item], total: 10, isComplete: false });
    try {
      const blob = await source.load();
      setRun({ items: [{ ...item, progress: 90 }], total: 90, isComplete: false });
      saveBlob(blob, source.name);
      setRun({ items: [{ ...item, progress: 100, status: "success" }], total: 100, isComplete: true });
      toast({ title: DOWNLOAD_TEXTS.downloadReady, description: DOWNLOAD_TEXTS.downloadReadyText });
      return true;
    } catch (err) {
      setRun({ items: [{ ...item, progress: 0, status: "error", error: errorMessage(err, DOWNLOAD_TEXTS.failedFallback) }], total: 100, isComplete: true });
      toast({ title: DOWNLOAD_TEXTS.downloadFailed, description: DOWNLOAD_TEXTS.downloadFailedSingle, variant: "destructive" });
      return false;
    }
  }, []);
  const close = useCallback(() => setRun(null), []);
  return { run, start, close };
}
