/**
 * A clip becomes a media item (issue 38): its bytes are checked to be a video, its facts read without
 * loading it (probe), its poster frame goes through the photo sizes pipeline (thumbnail to large, preview,
 * placeholder, the studio's watermark as on a photo), and it gets its web version when its original is not
 * one already (needsWebVersion): "made" (the webVideo file), "original" (the original plays everywhere),
 * "unsupported" (this device cannot decode it: the original is kept and delivered as shot, with a generic
 * poster, and the owner is told which device can make its web version). Nothing here needs the network.
 *
 * Its reasons are the owner's: a clip that cannot be imported throws an Error whose message says why
 * (MEDIA_TEXTS.clipRefused), so the import marks it failed and goes on with the rest.
 */
import type { WebStatus } from "../domain/records";
import { VideoError, needsWebVersion, type VideoProbe } from "../domain/video";
import { errorMessage } from "../lib/errors";
import type { NewImage } from "../store/repositories/images";
import type { ProcessOptions } from "../workers-client/media";
import { hasClipBytes } from "./clipFiles";
import { MEDIA_TEXTS } from "./texts";
import type { VideoTools } from "./videoTools";

export interface ClipContext {
  tools: VideoTools;
  /** What the media workers draw (processOptions): the studio's watermark and its signature. */
  options: ProcessOptions & { signature: string };
  signal?: AbortSignal;
  /** The clip's CRC-32 when the duplicate check computed it already. */
  crc32?: string;
  /** The clip's progress (0..100), and what is being done now, in the owner's words. */
  onStep?: (progress: number, step: string) => void;
}

/** The media item a clip becomes, and what the owner is told of it (a clip kept without a web version). */
export interface MadeClip {
  image: NewImage;
  note?: string;
}

/** What a clip's web version will be, from its facts and whether the studio watermarks. */
export function webStatusOf(probe: VideoProbe, watermark: boolean): WebStatus {
  if (!probe.canDecode) return "unsupported";
  return needsWebVersion(probe, watermark) ? "made" : "original";
}

/** What the owner is told of a clip kept without a web version: which device can make one. */
export function keptNote(codec: string): string {
  return codec === "hevc" ? MEDIA_TEXTS.clipKeptHevc : MEDIA_TEXTS.clipKeptOther(codec.toUpperCase());
}

/** The reason a clip was not imported, in the owner's words. */
export function clipReason(err: unknown): string {
  if (err instanceof VideoError && err.code !== "cancelled") return MEDIA_TEXTS.clipRefused[err.code];
  return errorMessage(err, String(err));
}

function stopIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
}

/** Makes the media item of one clip; throws with the owner's reason when it cannot be imported. */
export async function makeClip(file: Blob, fields: { client: string; name: string; uploadedAt: string; set?: string }, ctx: ClipContext): Promise<MadeClip> {
  try {
    return await makeClipOrThrow(file, fields, ctx);
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    throw new Error(clipReason(err), { cause: err });
  }
}

async function makeClipOrThrow(file: Blob, { client, name, uploadedAt, set = "" }: { client: string; name: string; uploadedAt: string; set?: string }, ctx: ClipContext): Promise<MadeClip> {
  const { tools, options, signal } = ctx;
  const step = ctx.onStep ?? (() => undefined);
  step(10, MEDIA_TEXTS.clipStep.reading);
  if (!(await hasClipBytes(file))) throw new VideoError("not_video");
  const probe = await tools.probe(file);
  stopIfCancelled(signal);
  const crc32 = ctx.crc32 ?? (await tools.crc32(file, signal));
  step(20, MEDIA_TEXTS.clipStep.poster);
  const poster = await tools.poster(file, probe);
  stopIfCancelled(signal);
  const sizes = await tools.sizes(poster, { watermark: options.watermark, fullJpeg: false }, signal);
  let webStatus = webStatusOf(probe, !!options.watermark);
  let webVideo: Blob | undefined;
  if (webStatus === "made") {
    const onProgress = (fraction: number) => {
      const part = Math.min(1, Math.max(0, fraction));
      step(30 + Math.round(part * 65), MEDIA_TEXTS.clipStep.webVersion(Math.round(part * 100)));
    };
    onProgress(0);
    try {
      webVideo = await tools.webVersion(file, probe, { watermark: options.watermark ?? null, onProgress, signal });
    } catch (err) {
      // A decoder that gives up part-way is the same case as one the device does not have.
      if (signal?.aborted || !(err instanceof VideoError && err.code === "cannot_decode")) throw err;
      webStatus = "unsupported";
    }
  }
  stopIfCancelled(signal);
  const unsupported = webStatus === "unsupported";
  const image: NewImage = {
    fields: {
      set,
      uploadedAt,
      client,
      filename: name,
      originalName: name,
      fileSize: file.size,
      mimeType: probe.mimeType,
      width: probe.width,
      height: probe.height,
      checksum: "", // a SHA-256 would read the whole clip into memory; its CRC-32 is streamed
      crc32,
      placeholder: sizes.placeholder,
      kind: "video",
      duration: probe.durationS,
      webStatus,
      metadata: {
        watermark: options.signature,
        video: {
          codec: probe.videoCodec,
          audioCodec: probe.audioCodec,
          rotation: probe.rotation,
          frameRate: probe.frameRate,
          bitrate: probe.bitrate,
          createdAt: probe.createdAt,
          fastStart: probe.fastStart,
          container: probe.container,
          ...(unsupported ? { reason: "cannot_decode" } : {}),
        },
      },
    },
    original: file.type === probe.mimeType ? file : new Blob([file], { type: probe.mimeType }),
    thumbnail: sizes.thumbnail,
    medium: sizes.medium,
    large: sizes.large,
    preview: sizes.preview,
    ...(webVideo ? { webVideo } : {}),
  };
  return unsupported ? { image, note: keptNote(probe.videoCodec) } : { image };
}
