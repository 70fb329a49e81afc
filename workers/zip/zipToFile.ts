/**
 * The zip written into a file the user chose, from the download worker (the File System Access path). Each
 * fetched image is read as a Blob and written as that Blob, inside a Blob of the zip's headers around it: the
 * browser moves the image's bytes from the network to the file itself, and they never enter this worker's
 * memory (the bytes written as arrays were copied into the worker, regrouped, and copied back into the
 * browser for each write: docs/benchmarks-history.md, zips session 7).
 */
import { storedZipParts } from "./storedZip";
import { zipEntries, type ZipWorkerProgress, type ZipWorkerSource } from "./writeZip";

/**
 * Bytes gathered into one write: a write costs a round trip to the browser process besides its bytes, and
 * gathering Blobs copies nothing, so writes are a few files each.
 */
const WRITE_BYTES = 8 * 1024 * 1024;

/**
 * Resolves when the file is complete and closed. One write runs while the next is gathered. A failure aborts
 * the file, which keeps what it had (the browser writes a copy and replaces the file only on close).
 */
export async function writeZipToFile(sources: ZipWorkerSource[], progress: ZipWorkerProgress, file: FileSystemWritableFileStream): Promise<void> {
  const writer = file.getWriter();
  let parts: BlobPart[] = [];
  let gathered = 0;
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const blob = new Blob(parts);
    parts = [];
    gathered = 0;
    await writing;
    counted.set(blob, new ArrayBuffer(blob.size));
    writing = writer.write(blob);
  };
  try {
    for await (const part of storedZipParts(zipEntries(sources, progress, true))) {
      parts.push(part as BlobPart);
      gathered += part instanceof Blob ? part.size : part.byteLength;
      if (gathered >= WRITE_BYTES) await flush();
    }
    if (parts.length) await flush();
    await writing;
    await writer.close();
  } catch (err) {
    await writer.abort(err).catch(() => undefined);
    throw err;
  }
}

/**
 * The written Blobs' bytes are held by the browser process until this worker's garbage collector drops the
 * Blob objects, and the collector does not count them: a 400 MB zip left +413 MB in the browser process
 * (collected after each write instead: +29 MB; docs/benchmarks-history.md, zips session 7). Each Blob gets
 * an ArrayBuffer of its size that lives exactly as long as it: the collector counts that (as external
 * memory) and runs as often as those bytes warrant. Its pages are never touched, so it costs no memory.
 */
const counted = new WeakMap<Blob, ArrayBuffer>();
