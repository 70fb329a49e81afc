/**
 * What the import asks of this device to make a clip (issue 38), as one seam: read its facts, take its poster
 * frame, make its web version (src/workers-client/video.ts, in the video worker), and the two jobs a clip
 * shares with a photo in the media workers: its CRC-32, streamed, and the photo sizes pipeline run on the
 * poster (thumbnail to large, preview, placeholder, the studio's watermark). Tests hand makeClip their own.
 */
import type { VideoProbe, WebVersionOptions } from "../domain/video";
import { mediaPool, type ProcessedImage, type ProcessOptions } from "../workers-client/media";
import { makeWebVersion, posterFrame, probeVideo } from "../workers-client/video";

export interface VideoTools {
  /** The clip's facts, from its header and index only. Throws VideoError. */
  probe(file: Blob): Promise<VideoProbe>;
  /** A full-size JPEG of the poster frame (a generic tile when the device cannot decode the clip). */
  poster(file: Blob, probe: VideoProbe): Promise<Blob>;
  /** The web version, an MP4. Throws VideoError (code "cancelled" on abort). */
  webVersion(file: Blob, probe: VideoProbe, options: WebVersionOptions): Promise<Blob>;
  /** The CRC-32 of the whole clip, read as a stream, 8 hex digits. */
  crc32(file: Blob, signal?: AbortSignal): Promise<string>;
  /** The poster's sizes and placeholder, made as a photo's are. */
  sizes(poster: Blob, options: ProcessOptions, signal?: AbortSignal): Promise<ProcessedImage>;
}

/** This device's tools: the video worker, and the media workers' pool. */
export const deviceVideoTools: VideoTools = {
  probe: probeVideo,
  poster: posterFrame,
  webVersion: makeWebVersion,
  crc32: (file, signal) => mediaPool().run((api) => api.fileCrc32(file), signal),
  sizes: (poster, options, signal) => mediaPool().run((api) => api.processImage(poster, options), signal),
};
