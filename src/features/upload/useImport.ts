/** Runs imports into one client's gallery, keeps what the upload progress dialog shows, and cancels them. */
import { useCallback, useRef, useState } from "react";
import { toast } from "../../state/toast";
import { importPhotos, importZip, planZip, type ImportItem } from "./importFiles";
import { UPLOAD_TEXTS } from "./texts";
import { errorMessage } from "../../lib/errors";

export interface ImportRun {
  kind: "images" | "zip";
  items: ImportItem[];
  isComplete: boolean;
  isCancelled?: boolean;
  /** A problem with the archive as a whole; nothing of it was kept. */
  error?: string;
}

let nextRunId = 0;
const SIZE_READS_PER_TASK = 40;

export function useImport(clientId: string) {
  const [run, setRun] = useState<ImportRun | null>(null);
  const update = useCallback((id: string, patch: Partial<ImportItem>) => setRun((r) => (r ? { ...r, items: r.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) } : r)), []);
  const abortRef = useRef<AbortController | null>(null);
  const begin = useCallback(() => {
    abortRef.current = new AbortController();
    return abortRef.current.signal;
  }, []);

  const startPhotos = useCallback(
    async (files: File[]) => {
      if (!files.length) return;
      const runId = ++nextRunId;
      const signal = begin();
      // Smallest first (specification, section 9): the owner sees results soonest. File.size can cost a
      // round trip to the browser for files from disk, so sizes are read once, a few dozen per task, to
      // keep the page responsive when hundreds of photos arrive at once.
      const sizes: number[] = [];
      for (let i = 0; i < files.length; i += SIZE_READS_PER_TASK) {
        for (const file of files.slice(i, i + SIZE_READS_PER_TASK)) sizes.push(file.size);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      const queued = files.map((file, i) => ({ id: `${runId}-${i}`, file, size: sizes[i]! })).sort((a, b) => a.size - b.size);
      setRun({ kind: "images", isComplete: false, items: queued.map(({ id, file, size }) => ({ id, name: file.name, size, status: "queued", progress: 0 })) });
      const stored = await importPhotos(clientId, queued, update, signal);
      setRun((r) => (r ? { ...r, isComplete: true } : r));
      if (signal.aborted) return toast({ title: UPLOAD_TEXTS.importCancelled, description: UPLOAD_TEXTS.cancelledSummary(stored, files.length - stored) });
      // Nothing is uploaded yet (sync sends it): the dialog follows the upload; the toast says where they are.
      if (stored === files.length) toast({ title: UPLOAD_TEXTS.importCompleted, description: UPLOAD_TEXTS.allSaved(stored) });
      else if (stored > 0) toast({ title: UPLOAD_TEXTS.importCompleted, description: UPLOAD_TEXTS.someErrors });
      else toast({ title: UPLOAD_TEXTS.uploadFailed, description: UPLOAD_TEXTS.someErrors, variant: "destructive" });
    },
    [clientId, update, begin],
  );

  const startZip = useCallback(
    async (zip: File) => {
      const signal = begin();
      setRun({ kind: "zip", isComplete: false, items: [] });
      try {
        const plan = await planZip(zip, signal);
        if (!plan.entries.length) throw new Error(UPLOAD_TEXTS.noImagesInZip);
        setRun({ kind: "zip", isComplete: false, items: plan.entries.map((e, i) => ({ id: String(i), name: e.name, size: e.size, status: "queued", progress: 0 })) });
        const stored = await importZip(clientId, zip, plan, update, signal);
        setRun((r) => (r ? { ...r, isComplete: true } : r));
        if (signal.aborted) return toast({ title: UPLOAD_TEXTS.importCancelled, description: UPLOAD_TEXTS.cancelledSummary(stored, plan.entries.length - stored) });
        toast({ title: UPLOAD_TEXTS.zipUploaded, description: UPLOAD_TEXTS.zipExtracted(stored) });
      } catch (err) {
        if (signal.aborted) return setRun((r) => ({ kind: "zip", items: r?.items ?? [], isComplete: true, isCancelled: true }));
        const message = errorMessage(err);
        setRun((r) => ({ kind: "zip", items: r?.items ?? [], isComplete: true, error: message }));
        toast({ title: UPLOAD_TEXTS.zipFailed, description: message, variant: "destructive" });
      }
    },
    [clientId, update, begin],
  );

  /** 'Cancel': stops the jobs in flight; what had finished stays. The dialog completes when they have stopped. */
  const cancel = useCallback(() => {
    abortRef.current?.abort();
    setRun((r) => (r && !r.isComplete ? { ...r, isCancelled: true } : r));
  }, []);

  const close = useCallback(() => setRun((r) => (r?.isComplete ? null : r)), []);
  return { run, startPhotos, startZip, cancel, close };
}
