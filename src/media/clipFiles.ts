/**
 * Which picked files are clips (issue 38): by name first (MP4, MOV, M4V, WebM, as a drop zone or a zip's
 * directory shows them), then by bytes before any work: an ISO base media or QuickTime file opens with a box
 * whose type stands at byte 4 (ftyp, or moov, mdat, wide, free, skip in older QuickTime), WebM with the
 * EBML magic number. A file that only claims to be a video is refused with its reason (VideoError
 * "not_video") and costs nothing else in the import.
 */
import { hasExtension } from "../domain/image-files";
import { VIDEO_EXTENSIONS, VIDEO_MIME_TYPES } from "../domain/video";

/** The file chooser's accept list for clips. */
export const CLIP_ACCEPT = [...VIDEO_EXTENSIONS.map((e) => `.${e}`), ...VIDEO_MIME_TYPES].join(",");

/** The clip formats as the owner knows them. */
export const CLIP_FORMATS = ["MP4", "MOV", "M4V", "WebM"] as const;

/** A clip by its name. */
export function isClipName(name: string): boolean {
  return hasExtension(name, VIDEO_EXTENSIONS);
}

const BOX_TYPES = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"]);
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
/** Bytes read to tell a clip. */
export const CLIP_HEAD_BYTES = 12;

/** The family of container a file's first bytes say: ISO base media / QuickTime, or WebM (EBML); else null. */
export function sniffClip(head: Uint8Array): "iso" | "webm" | null {
  if (EBML.every((byte, i) => head[i] === byte)) return "webm";
  if (head.length < 8) return null;
  const type = String.fromCharCode(...head.subarray(4, 8));
  return BOX_TYPES.has(type) ? "iso" : null;
}

/** Whether a file's bytes are a clip's (read: its first bytes only). */
export async function hasClipBytes(file: Blob): Promise<boolean> {
  return sniffClip(new Uint8Array(await file.slice(0, CLIP_HEAD_BYTES).arrayBuffer())) !== null;
}
