/**
 * Where the owner's viewer plays a clip from (issue 38), decided without touching a file: this device's
 * bytes while they are here (the web version it made, else the original when this browser plays it), else
 * the server's web version (`?video=web`: the webVideo file, or the original when it is its own web
 * version), else the server's original when this browser plays it; otherwise nothing, with why: this
 * browser cannot play the clip's format and there is no web version (delivered as shot), or the web version
 * is still on its way from the device that imported the clip.
 */
import { playableType } from "../../domain/clip-display";
import type { ImageRow } from "../../store/rows";

export type ClipPlan =
  | { from: "device"; file: "webVideo" | "original" }
  | { from: "server"; file: "web" | "original" }
  | { from: "none"; why: "format" | "pending" };

/** What of the clip this device holds (the imageBlobs row). */
export interface OnDevice {
  webVideo: boolean;
  original: boolean;
}

/** What decides a clip's source, from its row: the server's file names are "" until uploaded. */
export interface ClipFacts {
  webStatus: string;
  mimeType: string;
  codec: string;
  audioCodec: string | null;
  webVideoFile: string;
  originalFile: string;
}

/** The row's facts; the codecs as the import read them (metadata.video). */
export function clipFacts(image: Pick<ImageRow, "webStatus" | "mimeType" | "metadata" | "files">): ClipFacts {
  const video = (image.metadata?.video ?? {}) as { codec?: unknown; audioCodec?: unknown };
  return {
    webStatus: image.webStatus ?? "",
    mimeType: image.mimeType,
    codec: typeof video.codec === "string" ? video.codec : "",
    audioCodec: typeof video.audioCodec === "string" && video.audioCodec ? video.audioCodec : null,
    webVideoFile: image.files.webVideo ?? "",
    originalFile: image.files.original,
  };
}

/** `canPlay(type)`: the browser's `canPlayType` said "maybe" or "probably". */
export function clipPlan(clip: ClipFacts, onDevice: OnDevice, canPlay: (type: string) => boolean): ClipPlan {
  const originalIsWeb = clip.webStatus === "original";
  const originalPlays = originalIsWeb || canPlay(playableType(clip.mimeType, clip.codec, clip.audioCodec));
  if (onDevice.webVideo) return { from: "device", file: "webVideo" };
  if (onDevice.original && originalPlays) return { from: "device", file: "original" };
  if ((clip.webStatus === "made" && clip.webVideoFile) || (originalIsWeb && clip.originalFile)) return { from: "server", file: "web" };
  if (clip.originalFile && originalPlays) return { from: "server", file: "original" };
  return { from: "none", why: clip.webStatus === "unsupported" ? "format" : "pending" };
}

/** MediaError.MEDIA_ERR_DECODE: the bytes arrived and could not be decoded; a new token would not help. */
const MEDIA_ERR_DECODE = 3;

/**
 * Whether the player, after its `<video>` failed (`errorCode`: MediaError's code), gets a fresh file token and
 * resumes: only for the server's file (a token in its address lives minutes; an expired one is refused 404 as
 * any stranger's request), never for a decode error, and only when the element loaded the clip since the last
 * token (`loadedSinceToken`): a fresh token refused again, or a file that never loaded, is not retried (no loop).
 */
export function shouldRenew(plan: ClipPlan, errorCode: number | undefined, loadedSinceToken: boolean): boolean {
  return plan.from === "server" && errorCode !== MEDIA_ERR_DECODE && loadedSinceToken;
}
