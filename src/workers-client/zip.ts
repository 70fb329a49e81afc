/**
 * Starts a download worker for one zip; the caller terminates it when the download is over or abandoned.
 * With `port`, the worker posts the stream there (to the service worker) and `stream` is null.
 */
import { proxy, transfer, wrap } from "comlink";
import type { ZipWorkerApi } from "../../workers/zip.worker";
import type { ZipWorkerProgress, ZipWorkerSource } from "../../workers/zip/writeZip";

export type { ZipWorkerProgress, ZipWorkerSource } from "../../workers/zip/writeZip";

export async function zipInWorker(sources: ZipWorkerSource[], progress: ZipWorkerProgress, port?: MessagePort): Promise<{ stream: ReadableStream<Uint8Array> | null; terminate: () => void }> {
  const worker = new Worker(new URL("../../workers/zip.worker.ts", import.meta.url), { type: "module", name: "zip" });
  const api = wrap<ZipWorkerApi>(worker);
  try {
    const stream = await (port ? api.zip(sources, proxy(progress), transfer(port, [port])) : api.zip(sources, proxy(progress)));
    return { stream, terminate: () => worker.terminate() };
  } catch (err) {
    worker.terminate();
    throw err;
  }
}
