/**
 * A zip of many images, made in the service worker (or a download worker) from per-file requests and streamed to disk (specification,
 * section 4, with the real behaviour the design brief asks for). Memory holds a few files, never the
 * selection. Entries are stored, not deflated: photos do not compress, and storing is many times faster.
 * A file that fails is marked and left out; the others go on.
 */
import { zipInWorker, zipInWorkerToFile, type ZipWorkerSource } from "../../workers-client/zip";
import { openServiceWorkerDownload, saveBlob } from "./saveFile";
import { DOWNLOAD_TEXTS } from "./texts";

export type DownloadStatus = "queued" | "downloading" | "success" | "error";

export interface DownloadItem {
  id: string;
  name: string;
  progress: number;
  status: DownloadStatus;
  error?: string;
}

/** A file of the zip: its bytes on the device, or a same-origin URL (with headers) to fetch. */
export type ZipSource = ZipWorkerSource;

export interface ZipProgress {
  item: (id: string, patch: Partial<DownloadItem>) => void;
  total: (percent: number) => void;
}

/**
 * Streams a zip of `sources` to disk: into `target` (a file the user chose, written by the worker), else
 * through the service worker (which builds the zip itself; or, when it is an older one that cannot, the
 * download worker hands it the stream), else as a Blob. Returns the ids that failed.
 */
export async function downloadZip(zipName: string, sources: ZipSource[], progress: ZipProgress, target: FileSystemFileHandle | null, signal?: AbortSignal): Promise<string[]> {
  const failed: string[] = [];
  const report = {
    item: (id: string, patch: Partial<DownloadItem>) => {
      if (patch.status === "error") failed.push(id);
      progress.item(id, patch);
    },
    total: progress.total,
  };
  if (target) {
    await zipToFile(target, sources, report, signal);
    progress.total(100);
    return failed;
  }
  if (await zipInServiceWorker(zipName, sources, report, signal)) {
    progress.total(100);
    return failed;
  }
  const viaServiceWorker = await openServiceWorkerDownload(zipName);
  const { stream, terminate } = await zipInWorker(sources, report, viaServiceWorker?.streamPort ?? undefined);
  const onAbort = () => {
    terminate();
    void stream?.cancel().catch(() => undefined);
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // No Content-Length: a file that fails changes the length, and a wrong length breaks the download.
    if (viaServiceWorker) {
      if (!(await viaServiceWorker.start())) throw new Error(DOWNLOAD_TEXTS.couldNotStart);
      await viaServiceWorker.finished;
    } else saveBlob(await new Response(stream!).blob(), zipName);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    terminate();
  }
  progress.total(100);
  return failed;
}

/**
 * The worker writes the file, so the bytes never cross to the page and its main thread stays free (the
 * speed comes from the worker's large writes: docs/benchmarks-history.md). Cancelling terminates the worker
 * before the file is closed, so the file keeps what it had.
 */
async function zipToFile(file: FileSystemFileHandle, sources: ZipSource[], report: ZipProgress, signal?: AbortSignal): Promise<void> {
  const { done, terminate } = zipInWorkerToFile(sources, report, file);
  const aborted = new Promise<never>((_, reject) => signal?.addEventListener("abort", () => reject(new DOMException("Cancelled", "AbortError")), { once: true }));
  aborted.catch(() => undefined);
  try {
    const stream = await Promise.race([done, aborted]);
    if (stream) await stream.pipeTo(await file.createWritable(), { signal }); // no file writing in workers here
  } finally {
    terminate();
  }
}

/**
 * The service worker builds the zip and streams it into the browser's download: the files' bytes cross no
 * thread before the download takes them. False when no service worker controls the page, or when it did
 * not answer (an older one, which knows only posted streams: the owner's updates wait for consent).
 * Cancelling stops its zip, and the browser's download fails.
 */
async function zipInServiceWorker(zipName: string, sources: ZipSource[], report: ZipProgress, signal?: AbortSignal): Promise<boolean> {
  const download = await openServiceWorkerDownload(zipName, { sources, progress: report });
  if (!download) return false;
  const onAbort = () => download.cancel();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    if (!(await download.start())) {
      download.cancel();
      return false;
    }
    await download.finished;
    return true;
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}
