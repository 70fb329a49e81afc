/**
 * The owner's device's video work (issue 38), run in a worker (workers/video.worker.ts, workers/video/): read
 * a clip's facts without loading it into memory, take its poster frame, make its web version. One worker:
 * a web version keeps a decoder and an encoder busy, and the media pool goes on with the photos.
 */
import { proxy, type Remote } from "comlink";
import { VideoError, type VideoProbe, type WebVersionOptions } from "../domain/video";
import type { VideoResult, VideoWorkerApi } from "../../workers/video.worker";
import { WorkerPool } from "./pool";

export type { VideoProbe, WebVersionOptions };

let pool: WorkerPool<VideoWorkerApi> | null = null;

function videoPool(): WorkerPool<VideoWorkerApi> {
  pool ??= new WorkerPool<VideoWorkerApi>(() => new Worker(new URL("../../workers/video.worker.ts", import.meta.url), { type: "module", name: "video" }), 1);
  return pool;
}

function unwrap<T>(result: VideoResult<T>): T {
  if (result.ok) return result.value;
  throw new VideoError(result.code, result.params);
}

async function run<T>(job: (api: Remote<VideoWorkerApi>) => Promise<VideoResult<T>>, signal?: AbortSignal): Promise<T> {
  try {
    return unwrap(await videoPool().run(job, signal));
  } catch (err) {
    if (signal?.aborted && !(err instanceof VideoError)) throw new VideoError("cancelled");
    throw err;
  }
}

/** A clip's facts, read from its container's header and index only (never the whole file). Throws VideoError. */
export async function probeVideo(file: Blob, signal?: AbortSignal): Promise<VideoProbe> {
  return run((api) => api.probeVideo(file), signal);
}

/**
 * A full-size JPEG of the clip's poster frame (displayed orientation), fed to the photo sizes pipeline.
 * For a clip this device cannot decode (`probe.canDecode` false): a generic tile with a play mark and the
 * clip's duration, so every place that shows a photo shows the clip.
 */
export async function posterFrame(file: Blob, probe: VideoProbe, signal?: AbortSignal): Promise<Blob> {
  return run((api) => api.posterFrame(file, probe), signal);
}

/**
 * The web version (H.264 High in MP4, index at the front, at most 1080p), a disk-backed File: the page stores
 * it (IndexedDB copies it). Throws VideoError (code "cancelled" on abort: the worker is stopped at once, and
 * its half-written scratch file removed).
 */
export async function makeWebVersion(file: Blob, probe: VideoProbe, options: WebVersionOptions): Promise<Blob> {
  const { watermark, onProgress, signal } = options;
  const scratchName = `web-${crypto.randomUUID()}.mp4`;
  try {
    return await run((api) => api.makeWebVersion(file, probe, { scratchName, watermark }, onProgress && proxy(onProgress)), signal);
  } catch (err) {
    if (err instanceof VideoError && err.code === "cancelled") void videoPool().run((api) => api.removeScratch(scratchName)).catch(() => {});
    throw err;
  }
}
