/**
 * The download worker: builds a zip stream from files (workers/zip/writeZip.ts). With a port (whose other
 * end the service worker holds) it posts the stream there, so the bytes go straight from this worker to
 * the download and never through the page; without one it transfers the stream to the page.
 */
import { expose, transfer } from "comlink";
import { writeZip, type ZipWorkerProgress, type ZipWorkerSource } from "./zip/writeZip";

const api = {
  zip(sources: ZipWorkerSource[], progress: ZipWorkerProgress, port?: MessagePort): ReadableStream<Uint8Array> | null {
    const stream = writeZip(sources, progress);
    if (port) {
      port.postMessage({ stream }, [stream as unknown as Transferable]);
      return null;
    }
    return transfer(stream, [stream as unknown as Transferable]);
  },
};

export type ZipWorkerApi = typeof api;

expose(api);
