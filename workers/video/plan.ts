/**
 * The web version's numbers, pure (unit-tested): its size, its bitrate, its frame rate, how many packets
 * each of its tracks may hold (the room kept for the index at the front of the file), when the poster is
 * taken, and how a clip's duration reads on its tile.
 */
import { MAX_DURATION_S, MAX_FRAME_PIXELS, VideoError, WEB_MAX_EDGE, WEB_MAX_SHORT_EDGE } from "../../src/domain/video";

/** 5 Mbit/s for 1080p at 30 frames a second, what streaming services give 1080p. */
export const BITRATE_1080P = 5_000_000;
/** The lowest video bitrate, for tiny clips. */
export const MIN_VIDEO_BITRATE = 600_000;
/** A key frame every 2 s: seeking fetches at most one short group of frames. */
export const KEY_FRAME_INTERVAL_S = 2;
/** The web version plays at most 60 frames a second (a 120 fps slow-motion clip is shown at 60). */
export const MAX_FRAME_RATE = 60;
export const AUDIO_BITRATE = 128_000;

/** The web version's size: the displayed size fitted in 1920 x 1080 (either way round), even numbers (4:2:0). */
export function webSize(width: number, height: number): { width: number; height: number } {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const scale = Math.min(1, WEB_MAX_EDGE / long, WEB_MAX_SHORT_EDGE / short);
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(width), height: even(height) };
}

/**
 * The video bitrate: 5 Mbit/s for 1080p30, scaled for fewer pixels by the 0.75th power (a smaller frame needs
 * more bits per pixel for the same look), up by half for 60 fps, never above the source's own bitrate (a
 * re-encode does not gain quality) and never under MIN_VIDEO_BITRATE.
 */
export function webBitrate(width: number, height: number, frameRate: number, sourceBitrate: number): number {
  const pixels = (width * height) / (1920 * 1080);
  const motion = frameRate > 40 ? 1.5 : 1;
  const target = BITRATE_1080P * Math.pow(Math.min(1, pixels), 0.75) * motion;
  const capped = sourceBitrate > 0 ? Math.min(target, sourceBitrate) : target;
  return Math.round(Math.max(MIN_VIDEO_BITRATE, capped));
}

/** The frame rate the web version is written at (constant): the clip's own, at most 60, 30 when unknown. */
export function webFrameRate(frameRate: number): number {
  if (!Number.isFinite(frameRate) || frameRate <= 0) return 30;
  return Math.min(MAX_FRAME_RATE, Math.round(frameRate * 1000) / 1000);
}

/**
 * The most packets a track of the web version can have, so that its index is reserved at the front of the
 * file before the frames stream to disk: frames at a constant rate, and for sound the most packets a second
 * its codec writes (AAC 1024 samples a packet, Opus 20 ms), with a margin.
 */
export function maxVideoPackets(durationS: number, frameRate: number): number {
  return Math.ceil(durationS * frameRate * 1.05) + 64;
}
export function maxAudioPackets(durationS: number, sampleRate: number): number {
  const perSecond = Math.max(sampleRate / 1024, 50);
  return Math.ceil(durationS * perSecond * 1.1) + 64;
}

/** Refuses a clip past what this device makes a web version of (src/domain/video.ts). */
export function checkLimits(width: number, height: number, durationS: number): void {
  if (width * height > MAX_FRAME_PIXELS) throw new VideoError("too_large_frame", { width, height });
  if (durationS > MAX_DURATION_S) throw new VideoError("too_long", { durationS: Math.round(durationS), maxS: MAX_DURATION_S });
}

/** Where to look for the poster frame, in order: a tenth in, then later when that frame is black. */
export function posterTimes(durationS: number, firstTimestamp = 0): number[] {
  if (!(durationS > 0)) return [firstTimestamp];
  return [0.1, 0.25, 0.5].map((f) => firstTimestamp + durationS * f);
}

/** "0:07", "12:34", "1:02:03". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** The H.264 level (two hex digits of the codec string) for a frame size and rate: 4.0 for 1080p30, 4.2 for 1080p60. */
export function h264Level(width: number, height: number, frameRate: number): string {
  const macroblocks = Math.ceil(width / 16) * Math.ceil(height / 16);
  const perSecond = macroblocks * frameRate;
  if (macroblocks <= 3600 && perSecond <= 108_000) return "1f"; // 3.1: 720p30
  if (macroblocks <= 8192 && perSecond <= 245_760) return "28"; // 4.0: 1080p30
  if (macroblocks <= 8704 && perSecond <= 522_240) return "2a"; // 4.2: 1080p60
  return "33"; // 5.1
}
