/** The app's one pool of media workers (import processing, zip reading; the converters share it). */
import type { Remote } from "comlink";
import type { MediaWorkerApi } from "../../workers/media.worker";
import { WorkerPool } from "./pool";

export type { ProcessedImage, ProcessOptions } from "../../workers/image/processImage";
export type { ZipEntry } from "../../workers/zip/readZip";
export type { ConvertOptions, ConvertedFile } from "../../workers/convert/convertImage";
export type MediaApi = Remote<MediaWorkerApi>;

let pool: WorkerPool<MediaWorkerApi> | null = null;

export function mediaPool(): WorkerPool<MediaWorkerApi> {
  pool ??= new WorkerPool<MediaWorkerApi>(() => new Worker(new URL("../../workers/media.worker.ts", import.meta.url), { type: "module", name: "media" }));
  return pool;
}
