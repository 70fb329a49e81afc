/**
 * Runs a conversion in the media worker pool: photos, or the photos of a zip (read with the same limits as
 * imports: only jpg, jpeg, png, gif, webp, tiff, avif and bmp entries, folders skipped). Each file fails
 * alone; the progress dialog shows each one. 'Cancel' aborts the run's signal: conversions in flight stop
 * (their worker is terminated), queued ones never start, and the finished ones are kept.
 */
import { useCallback, useRef, useState } from "react";
import { CONVERTIBLE_EXTENSIONS, formatFor } from "../../domain/convert-formats";
import { hasExtension } from "../../domain/image-files";
import { mediaPool, type ConvertOptions, type ConvertedFile, type MediaApi } from "../../workers-client/media";
import type { ImportItem } from "../../media/importItems";
import { errorMessage } from "../../lib/errors";
import { tooLargeRow } from "./outcome";
import { CONVERTER_TEXTS } from "./texts";

export interface ConvertSettings {
  format: string;
  quality: number;
  lossless: boolean;
  keepMetadata: boolean;
  removeLocation: boolean;
}

export interface ConvertedResult {
  id: string;
  name: string;
  mimeType: string;
  blob: Blob;
}

export interface ConversionRun {
  items: ImportItem[];
  isComplete: boolean;
  isCancelled?: boolean;
  error?: string;
  /** Converted files over the gallery's limit (client converter): kept out of the gallery, said as such. */
  tooLarge?: { ids: string[]; limitBytes: number };
}

let nextId = 0;

/** One file to convert; `convert` runs inside one worker job (a job never waits for another job). */
interface Input {
  id: string;
  name: string;
  size: number;
  convert: (api: MediaApi, options: ConvertOptions) => Promise<ConvertedFile>;
}

export function useConversion() {
  const [run, setRun] = useState<ConversionRun | null>(null);
  const update = useCallback((id: string, patch: Partial<ImportItem>) => setRun((r) => (r ? { ...r, items: r.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) } : r)), []);
  const abortRef = useRef<AbortController | null>(null);

  /** Starts a run: its signal goes to every step (reading a zip, converting, adding to a gallery). */
  const begin = useCallback((): AbortSignal => {
    abortRef.current = new AbortController();
    return abortRef.current.signal;
  }, []);

  /**
   * Converts every input; `onEach` sees each result as it is ready. Returns the results, in input order.
   * With `landsLater` a converted file is not "Done" yet: the caller moves it on (adding it to a gallery)
   * and calls `finish` when every file has landed or failed.
   */
  const convertAll = useCallback(
    async (inputs: Input[], settings: ConvertSettings, signal: AbortSignal, onEach?: (done: number, total: number) => void, landsLater = false): Promise<ConvertedResult[]> => {
      const pool = mediaPool();
      setRun({ isComplete: false, isCancelled: signal.aborted, items: inputs.map((i) => ({ id: i.id, name: i.name, size: i.size, status: "queued", progress: 0 })) });
      const results: Array<ConvertedResult | null> = new Array(inputs.length).fill(null);
      let done = 0;
      const quality = Math.min(100, Math.max(1, Math.round(settings.quality)));
      const options = { format: formatFor(settings.format).id, quality, lossless: settings.lossless, keepMetadata: settings.keepMetadata, removeLocation: settings.removeLocation };
      await Promise.all(
        inputs.map(async (input, index) => {
          try {
            const out = await pool.run((api) => {
              update(input.id, { status: "uploading", progress: 30 });
              return input.convert(api, options);
            }, signal);
            results[index] = { id: input.id, name: out.name, mimeType: out.mimeType, blob: out.blob };
            update(input.id, landsLater ? { status: "adding", progress: 60 } : { status: "success", progress: 100 });
          } catch (err) {
            update(input.id, signal.aborted ? { status: "cancelled", progress: 0 } : { status: "error", progress: 0, error: errorMessage(err, CONVERTER_TEXTS.itemFailed) });
          }
          done++;
          onEach?.(done, inputs.length);
        }),
      );
      if (!landsLater) setRun((r) => (r ? { ...r, isComplete: true } : r));
      return results.filter((r): r is ConvertedResult => r !== null);
    },
    [update],
  );

  const fromFiles = useCallback(
    (files: File[]): Input[] => files.map((file) => ({ id: `c${++nextId}`, name: file.name, size: file.size, convert: (api, options) => api.convertImage(file, file.name, options) })),
    [],
  );

  /** The zip's convertible photos as inputs; throws (with the reason) for a hostile or damaged archive. */
  const fromZip = useCallback(async (zip: File, signal: AbortSignal): Promise<Input[]> => {
    const pool = mediaPool();
    const entries = (await pool.run((api) => api.listZip(zip), signal)).filter((e) => hasExtension(e.name, CONVERTIBLE_EXTENSIONS));
    return entries.map((entry) => ({ id: `c${++nextId}`, name: entry.name, size: entry.size, convert: (api, options) => api.convertZipEntry(zip, entry, options) }));
  }, []);

  /** 'Cancel': stops the jobs in flight; the dialog completes once they have stopped. */
  const cancel = useCallback(() => {
    abortRef.current?.abort();
    setRun((r) => (r && !r.isComplete ? { ...r, isCancelled: true } : r));
  }, []);

  /** Converted files the gallery's limit keeps out: each row says its converted size against the limit. */
  const markTooLarge = useCallback((files: Array<{ id: string; blob: Blob }>, limitBytes: number) => {
    if (!files.length) return;
    const rows = new Map(files.map((f) => [f.id, tooLargeRow(f.blob.size, limitBytes)]));
    setRun((r) =>
      r ? { ...r, tooLarge: { ids: [...rows.keys()], limitBytes }, items: r.items.map((i) => (rows.has(i.id) ? { ...i, status: "error", progress: 0, error: rows.get(i.id) } : i)) } : r,
    );
  }, []);

  const finish = useCallback(() => setRun((r) => (r ? { ...r, isComplete: true } : r)), []);
  const fail = useCallback((message: string) => setRun((r) => ({ items: r?.items ?? [], isComplete: true, error: message })), []);
  const close = useCallback(() => setRun((r) => (r?.isComplete ? null : r)), []);
  return { run, begin, cancel, convertAll, fromFiles, fromZip, update, markTooLarge, finish, fail, close };
}
