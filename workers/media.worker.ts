/**
 * The media worker: image import processing and zip reading, behind comlink. The page holds a pool of
 * these (src/workers-client/pool.ts); a job is aborted by terminating its worker.
 */
import { expose } from "comlink";
import { convertImage, type ConvertOptions } from "./convert/convertImage";
import { makeFullJpeg, processImage } from "./image/processImage";
import { crc32OfBlob } from "./zip/crc32";
import { extractEntry, isJunkEntry, readZipDirectory, type ZipEntry } from "./zip/readZip";

const api = {
  processImage,
  /** The full-size JPEG of a photo imported before its gallery asked for JPEG (null when its format needs none). */
  makeFullJpeg,
  convertImage,
  /** A file's CRC-32 as the image record keeps it: import's duplicate check, before any other work. */
  fileCrc32: crc32OfBlob,
  /** The archive's files that may be photos (folders, forks and hidden files left out), after every limit check. */
  async listZip(zip: Blob): Promise<ZipEntry[]> {
    return (await readZipDirectory(zip)).filter((entry) => !isJunkEntry(entry));
  },
  extractEntry: (zip: Blob, entry: ZipEntry) => extractEntry(zip, entry),
  /** Extracts one zip entry and converts it, in one job. */
  async convertZipEntry(zip: Blob, entry: ZipEntry, options: ConvertOptions) {
    return convertImage(await extractEntry(zip, entry), entry.name, options);
  },
};

export type MediaWorkerApi = typeof api;

expose(api);
