/**
 * Clips (issue 38): what the owner's device reads of a clip, and the rules that decide what it makes of it.
 * Pure: shared by the import (src/media), the worker (workers/video) and the tests.
 */

/** Video file extensions the import takes (with MIME types the server accepts: pb_migrations/1795610000_video.js). */
export const VIDEO_EXTENSIONS = ["mp4", "mov", "m4v", "webm"] as const;
export const VIDEO_MIME_TYPES = ["video/mp4", "video/quicktime", "video/x-m4v", "video/webm"] as const;

/** A clip's facts, read without loading the file into memory. */
export interface VideoProbe {
  /** What the container is, from its bytes: "mp4" (also M4V), "mov" or "webm". */
  container: "mp4" | "mov" | "webm";
  mimeType: (typeof VIDEO_MIME_TYPES)[number];
  durationS: number;
  /** Displayed size, after rotation. */
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  /** "avc", "hevc", "vp8", "vp9", "av1", ... (mediabunny's codec names). */
  videoCodec: string;
  /** null for a clip without sound. */
  audioCodec: string | null;
  /** Bits per second of the whole file. */
  bitrate: number;
  frameRate: number;
  /** When it was filmed (ISO 8601), "" when the container does not say. */
  createdAt: string;
  /** The index (moov) is before the media data: a browser plays it while it downloads. */
  fastStart: boolean;
  /** This device can decode its video track (WebCodecs). */
  canDecode: boolean;
}

/** Why a clip could not be imported or given a web version (import texts name each). */
export type VideoErrorCode = "not_video" | "no_video_track" | "corrupt" | "cannot_decode" | "too_long" | "too_large_frame" | "cancelled";

export class VideoError extends Error {
  constructor(
    readonly code: VideoErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`video: ${code}`);
    this.name = "VideoError";
  }
}

export interface WebVersionOptions {
  /** The studio's watermark, drawn on every frame as on a photo's sizes (workers/image/watermark.ts). */
  watermark?: { text: string; logo?: Blob } | null;
  /** 0..1 as frames are written. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The web version's limits: at most 1080p, and a bitrate a phone streams. */
export const WEB_MAX_EDGE = 1920;
export const WEB_MAX_SHORT_EDGE = 1080;
export const WEB_MAX_BITRATE = 8_000_000;

/**
 * Whether a clip needs a web version made, or its original already plays in every browser (H.264 in MP4 with
 * the index at the front, AAC or no sound, at most 1080p, a bitrate a phone streams) and no watermark is asked.
 */
export function needsWebVersion(probe: VideoProbe, watermark: boolean): boolean {
  if (watermark) return true;
  const webReady =
    probe.container === "mp4" &&
    probe.videoCodec === "avc" &&
    (probe.audioCodec === null || probe.audioCodec === "aac") &&
    probe.fastStart &&
    Math.max(probe.width, probe.height) <= WEB_MAX_EDGE &&
    Math.min(probe.width, probe.height) <= WEB_MAX_SHORT_EDGE &&
    probe.bitrate <= WEB_MAX_BITRATE;
  return !webReady;
}

/**
 * What this device makes a web version of (larger clips are refused at import with "too_large_frame" or
 * "too_long", their reason named, the rest of the import going on):
 * - frames up to H.264 level 5.2's largest (4096 x 2304: 4K UHD and DCI 4K pass). Past it (6K, 8K) a decoded
 *   frame is 4x a 4K one, and the dozen frames a decoder and an encoder keep in flight would take the worker
 *   past the import's memory budget (+300 MB); a software decoder also crawls through them;
 * - clips up to 100 minutes: the web version of a longer one (5 Mbit/s at 1080p, plus sound) would itself
 *   pass the studio's default 4 GB clip limit (6000 s x 5.3 Mbit/s = 3.98 GB).
 */
export const MAX_FRAME_PIXELS = 4096 * 2304;
export const MAX_DURATION_S = 100 * 60;
