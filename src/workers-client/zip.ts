/**
 * Starts a download worker for one zip; the caller terminates it when the download is over or abandoned.
 * With `port`, the worker posts the stream there (to the service worker) and `stream` is null; into a
 * chosen file, the worker writes it itself.
 */
import { proxy, transfer, wrap } from "comlink";
import type { ZipWorkerApi } from "../../workers/zip.worker";
import type { ZipWorkerProgress, ZipWorkerSource } from "../../workers/zip/writeZip";

export type { ZipWorkerProgress, ZipWorkerSource } from "../../workers/zip/writeZip";

export async function zipInWorker(sources: ZipWorkerSource[], progress: ZipWorkerProgress, port?: MessagePort): Promise<{ stream: ReadableStream<Uint8Array> | null; terminate: () => void }> {
  const worker = startWorker();
  const api = wrap<ZipWorkerApi>(worker);
  try {
    const stream = await (port ? api.zip(sources, proxy(progress), transfer(port, [port])) : api.zip(sources, proxy(progress)));
    return { stream, terminate: () => worker.terminate() };
  } catch (err) {
    worker.terminate();
    throw err;
  }
}

/**
 * Has a download worker write the zip into `file` (a file the user chose). `done` settles when the file is
 * complete; `stream` is set instead when the browser cannot write files from a worker (the page writes).
 */
export function zipInWorkerToFile(sources: ZipWorkerSource[], progress: ZipWorkerProgress, file: FileSystemFileHandle): { done: Promise<ReadableStream<Uint8Array> | null>; terminate: () => void } {
  const worker = startWorker();
  const api = wrap<ZipWorkerApi>(worker);
  return { done: api.zipToFile(sources, proxy(progress), file), terminate: () => worker.terminate() };
}

function startWorker(): Worker {
  return new Worker(new URL("../../workers/zip.worker.ts", import.meta.url), { type: "module", name: "zip" });
}
