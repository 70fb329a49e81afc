/**
 * A clip's facts (src/domain/video.ts VideoProbe), read by mediabunny over a BlobSource: only the header and
 * the index are read, in small cached slices (8 MiB at most), never the whole file. Throws VideoError.
 */
import { ALL_FORMATS, BlobSource, Input, MP4, QTFF, WEBM, type InputFormat, type InputVideoTrack } from "mediabunny";
import { VideoError, type VideoProbe } from "../../src/domain/video";
import { isobmffMime, readBoxFacts } from "./isobmff";
import { checkLimits } from "./plan";

/** Opens a clip for reading; the caller disposes it. */
export function openInput(file: Blob): Input {
  return new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
}

function containerOf(format: InputFormat): VideoProbe["container"] | null {
  if (format === MP4) return "mp4";
  if (format === QTFF) return "mov";
  if (format === WEBM) return "webm";
  return null;
}

/** The track's primary video track, or the reason there is none. */
export async function videoTrackOf(input: Input): Promise<{ track: InputVideoTrack; container: VideoProbe["container"] }> {
  let format: InputFormat;
  try {
    format = await input.getFormat();
  } catch {
    throw new VideoError("not_video");
  }
  const container = containerOf(format);
  if (!container) throw new VideoError("not_video", { format: format.name });
  let track: InputVideoTrack | null;
  try {
    track = await input.getPrimaryVideoTrack();
  } catch {
    throw new VideoError("corrupt");
  }
  if (!track) throw new VideoError("no_video_track");
  return { track, container };
}

export async function probeVideo(file: Blob): Promise<VideoProbe> {
  const input = openInput(file);
  try {
    let boxes = { fastStart: false, truncated: false, createdAt: "" };
    const isIsobmff = file.size >= 8 && /^(ftyp|wide|free|mdat|moov|skip|pnot)$/.test(await fourCcAt(file, 4));
    if (isIsobmff) {
      boxes = await readBoxFacts(file);
      if (boxes.truncated) throw new VideoError("corrupt");
    }
    const { track, container } = await videoTrackOf(input);
    try {
      const audio = await input.getPrimaryAudioTrack();
      const [width, height, rotation, codec, audioCodec, durationS, tags] = await Promise.all([
        track.getDisplayWidth(),
        track.getDisplayHeight(),
        track.getRotation(),
        track.getCodec(),
        audio ? audio.getCodec() : Promise.resolve(null),
        input.getDurationFromMetadata().then((d) => d ?? input.computeDuration()),
        input.getMetadataTags().catch(() => ({}) as { date?: Date }),
      ]);
      if (!(width > 0 && height > 0) || !(durationS > 0)) throw new VideoError("corrupt");
      checkLimits(width, height, durationS);
      const metrics = await track.computeFrameRateMetrics({ targetPacketCount: 256 });
      const mimeType = container === "webm" ? "video/webm" : container === "mov" ? "video/quicktime" : await isobmffMime(file);
      return {
        container,
        mimeType,
        durationS,
        width,
        height,
        rotation,
        videoCodec: codec ?? "unknown",
        audioCodec: audio ? (audioCodec ?? "unknown") : null,
        bitrate: Math.round((file.size * 8) / durationS),
        frameRate: Math.round(metrics.bestGuessFrameRate * 1000) / 1000,
        createdAt: boxes.createdAt || (tags.date && !isNaN(tags.date.getTime()) ? tags.date.toISOString() : ""),
        fastStart: container !== "webm" && boxes.fastStart,
        canDecode: await canDecode(track),
      };
    } catch (err) {
      if (err instanceof VideoError) throw err;
      throw new VideoError("corrupt");
    }
  } finally {
    input.dispose();
  }
}

/** Whether this device's WebCodecs decodes the track (HEVC in a browser without its decoder: no). */
export async function canDecode(track: InputVideoTrack): Promise<boolean> {
  const config = await track.getDecoderConfig().catch(() => null);
  if (!config || typeof VideoDecoder === "undefined") return false;
  try {
    return (await VideoDecoder.isConfigSupported(config)).supported === true;
  } catch {
    return false;
  }
}

async function fourCcAt(file: Blob, at: number): Promise<string> {
  const b = new Uint8Array(await file.slice(at, at + 4).arrayBuffer());
  return String.fromCharCode(...b);
}
