/**
 * The video worker: a clip's facts, its poster and its web version (workers/video/), behind comlink. The
 * page holds a pool of one (src/workers-client/video.ts): a web version keeps a decoder and an encoder busy,
 * and the device's other cores go on with the photos. A job is cancelled by terminating its worker.
 * Each call answers { ok, value } or { ok: false, code, params }: a VideoError's code and params survive the
 * trip to the page (comlink passes only an Error's name and message).
 */
import { expose } from "comlink";
import { VideoError, type VideoErrorCode, type VideoProbe } from "../src/domain/video";
import { posterFrame } from "./video/poster";
import { probeVideo } from "./video/probe";
import { removeScratch } from "./video/scratch";
import { makeWebVersion, type WebVersionJob } from "./video/webVersion";

export type VideoResult<T> = { ok: true; value: T } | { ok: false; code: VideoErrorCode; params: Record<string, string | number> };

async function answer<T>(work: () => Promise<T>): Promise<VideoResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    if (err instanceof VideoError) return { ok: false, code: err.code, params: err.params };
    throw err;
  }
}

const api = {
  probeVideo: (file: Blob) => answer(() => probeVideo(file)),
  posterFrame: (file: Blob, probe: VideoProbe) => answer(() => posterFrame(file, probe)),
  /** `onProgress` travels on its own (a comlink proxy is passed as an argument of its own, not inside one). */
  makeWebVersion: (file: Blob, probe: VideoProbe, job: Omit<WebVersionJob, "onProgress">, onProgress?: (fraction: number) => void) =>
    answer(() => makeWebVersion(file, probe, { ...job, onProgress })),
  /** Removes the scratch file a cancelled job left behind. */
  removeScratch,
};

export type VideoWorkerApi = typeof api;

expose(api);
