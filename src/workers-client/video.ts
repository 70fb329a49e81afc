/**
 * The owner's device's video work (issue 38), run in a worker (workers/video/): read a clip's facts without
 * loading it into memory, take its poster frame, make its web version. PLACEHOLDER: the signatures are the
 * contract between the import (src/media) and the worker; the worker lane fills in the bodies.
 */
import type { VideoProbe, WebVersionOptions } from "../domain/video";

export type { VideoProbe, WebVersionOptions };

/** A clip's facts, read from its container's header and index only (never the whole file). Throws VideoError. */
export async function probeVideo(file: Blob): Promise<VideoProbe> {
  void file;
  throw new Error("probeVideo: not built yet");
}

/**
 * A full-size JPEG of the clip's poster frame (displayed orientation), fed to the photo sizes pipeline.
 * For a clip this device cannot decode (`probe.canDecode` false): a generic tile with a play mark and the
 * clip's duration, so every place that shows a photo shows the clip.
 */
export async function posterFrame(file: Blob, probe: VideoProbe): Promise<Blob> {
  void file;
  void probe;
  throw new Error("posterFrame: not built yet");
}

/** The web version (H.264 in MP4, index at the front, at most 1080p). Throws VideoError (code "cancelled" on abort). */
export async function makeWebVersion(file: Blob, probe: VideoProbe, options: WebVersionOptions): Promise<Blob> {
  void file;
  void probe;
  void options;
  throw new Error("makeWebVersion: not built yet");
}
