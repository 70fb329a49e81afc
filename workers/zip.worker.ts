/** The download worker: builds a zip stream from files (workers/zip/writeZip.ts) and transfers it to the page. */
import { expose, transfer } from "comlink";
import { writeZip, type ZipWorkerProgress, type ZipWorkerSource } from "./zip/writeZip";

const api = {
  zip(sources: ZipWorkerSource[], progress: ZipWorkerProgress): ReadableStream<Uint8Array> {
    const stream = writeZip(sources, progress);
    return transfer(stream, [stream as unknown as Transferable]);
  },
};

export type ZipWorkerApi = typeof api;

expose(api);
