/**
 * The download worker: builds a zip from files (workers/zip/writeZip.ts). Into a file the user chose, it
 * writes the file itself (workers/zip/zipToFile.ts); with a port (whose other end the service worker holds:
 * only for a service worker older than the page, a current one builds its zip itself) it posts the stream
 * there; either way the bytes never pass through the page. Otherwise it transfers the stream to the page.
 */
import { expose, transfer } from "comlink";
import { writeZip, type ZipWorkerProgress, type ZipWorkerSource } from "./zip/writeZip";
import { writeZipToFile } from "./zip/zipToFile";

const api = {
  zip(sources: ZipWorkerSource[], progress: ZipWorkerProgress, port?: MessagePort): ReadableStream<Uint8Array> | null {
    const stream = writeZip(sources, progress);
    if (port) {
      port.postMessage({ stream }, [stream as unknown as Transferable]);
      return null;
    }
    return transfer(stream, [stream as unknown as Transferable]);
  },
  /**
   * Writes the zip into a file the user chose, from here: the bytes never cross to the page. Resolves when
   * the file is complete; a failure (or the worker being terminated) leaves the file as it was. Returns the
   * stream instead when this browser cannot write files from a worker, for the page to write.
   */
  async zipToFile(sources: ZipWorkerSource[], progress: ZipWorkerProgress, file: FileSystemFileHandle): Promise<ReadableStream<Uint8Array> | null> {
    if (typeof file.createWritable !== "function") {
      const stream = writeZip(sources, progress);
      return transfer(stream, [stream as unknown as Transferable]);
    }
    await writeZipToFile(sources, progress, await file.createWritable());
    return null;
  },
};

export type ZipWorkerApi = typeof api;

expose(api);
