/** Starts a download worker for one zip; the caller terminates it when the stream is done or abandoned. */
import { proxy, wrap } from "comlink";
import type { ZipWorkerApi } from "../../workers/zip.worker";
import type { ZipWorkerProgress, ZipWorkerSource } from "../../workers/zip/writeZip";

export type { ZipWorkerProgress, ZipWorkerSource } from "../../workers/zip/writeZip";

export async function zipInWorker(sources: ZipWorkerSource[], progress: ZipWorkerProgress): Promise<{ stream: ReadableStream<Uint8Array>; terminate: () => void }> {
  const worker = new Worker(new URL("../../workers/zip.worker.ts", import.meta.url), { type: "module", name: "zip" });
  const api = wrap<ZipWorkerApi>(worker);
  try {
    const stream = await api.zip(sources, proxy(progress));
    return { stream, terminate: () => worker.terminate() };
  } catch (err) {
    worker.terminate();
    throw err;
  }
}
