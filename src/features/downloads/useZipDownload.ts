/** Runs a zip download and keeps the state its dialog shows. */
import { useCallback, useRef, useState } from "react";
import { toast } from "../../state/toast";
import type { DownloadRun } from "./DownloadDialog";
import { chooseZipTarget } from "./saveFile";
import { DOWNLOAD_TEXTS } from "./texts";
import { downloadZip, type DownloadItem, type ZipSource } from "./zipDownload";

export function useZipDownload() {
  const [run, setRun] = useState<DownloadRun | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  const start = useCallback(async (zipName: string, sources: ZipSource[]) => {
    if (!sources.length) return;
    let target: WritableStream<Uint8Array> | null;
    try {
      target = await chooseZipTarget(zipName);
    } catch {
      return; // the user cancelled the save dialog
    }
    const abort = new AbortController();
    abortRef.current = abort;
    setRun({ items: sources.map((s): DownloadItem => ({ id: s.id, name: s.name, progress: 0, status: "queued" })), total: 0, isComplete: false });
    toast({ title: DOWNLOAD_TEXTS.downloadStarted, description: DOWNLOAD_TEXTS.downloadStartedText(sources.length) });
    const item = (id: string, patch: Partial<DownloadItem>) =>
      setRun((r) => (r ? { ...r, items: r.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) } : r));
    const total = (percent: number) => setRun((r) => (r ? { ...r, total: percent } : r));
    try {
      const failed = await downloadZip(zipName, sources, { item, total }, target, abort.signal);
      setRun((r) => (r ? { ...r, isComplete: true, total: 100 } : r));
      if (!failed.length) toast({ title: DOWNLOAD_TEXTS.complete });
    } catch {
      setRun((r) => (r ? { ...r, isComplete: true, items: r.items.map((i) => (i.status === "success" ? i : { ...i, status: "error", progress: 0, error: i.error ?? DOWNLOAD_TEXTS.failedFallback })) } : r));
      toast({ title: DOWNLOAD_TEXTS.downloadFailed, description: DOWNLOAD_TEXTS.downloadFailedSelected, variant: "destructive" });
    }
  }, []);

  const close = useCallback(() => {
    abortRef.current?.abort();
    setRun(null);
  }, []);

  return { run, start, close };
}
