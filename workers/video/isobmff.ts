/**
 * What mediabunny does not say of an MP4/MOV: the order of its top-level boxes (is the index, moov, before
 * the media data, mdat: a browser plays it while it downloads), whether a box runs past the end of the file
 * (a truncated copy), and when it was filmed (mvhd's creation time). Reads box headers only: a few small
 * slices of the file, never the media data.
 */

export interface BoxFacts {
  fastStart: boolean;
  /** A top-level box claims more bytes than the file has, or there is no moov. */
  truncated: boolean;
  /** ISO 8601, "" when the file does not say. */
  createdAt: string;
}

/** Seconds from 1904-01-01 (QuickTime's epoch) to 1970-01-01. */
const EPOCH_1904 = 2_082_844_800;
const MAX_BOXES = 256;

async function bytes(blob: Blob, start: number, length: number): Promise<DataView> {
  return new DataView(await blob.slice(start, Math.min(blob.size, start + length)).arrayBuffer());
}

const fourCc = (view: DataView, at: number) => String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

export async function readBoxFacts(blob: Blob): Promise<BoxFacts> {
  let offset = 0;
  let moovAt = -1;
  let mdatAt = -1;
  let truncated = false;
  for (let n = 0; n < MAX_BOXES && offset + 8 <= blob.size; n++) {
    const head = await bytes(blob, offset, 16);
    let size = head.getUint32(0);
    const type = fourCc(head, 4);
    if (size === 1 && head.byteLength >= 16) size = Number(head.getBigUint64(8));
    else if (size === 0) size = blob.size - offset; // to the end of the file
    if (size < 8) {
      truncated = true;
      break;
    }
    if (type === "moov" && moovAt < 0) moovAt = offset;
    if (type === "mdat" && mdatAt < 0) mdatAt = offset;
    if (offset + size > blob.size) {
      truncated = true;
      break;
    }
    offset += size;
  }
  if (moovAt < 0) truncated = true;
  const createdAt = moovAt >= 0 ? await creationTime(blob, moovAt) : "";
  return { fastStart: moovAt >= 0 && (mdatAt < 0 || moovAt < mdatAt), truncated, createdAt };
}

/** mvhd's creation time, the first box in moov (cameras and phones write it; 0 means unknown). */
async function creationTime(blob: Blob, moovAt: number): Promise<string> {
  const view = await bytes(blob, moovAt, 8 + 8 + 20);
  if (view.byteLength < 36 || fourCc(view, 12) !== "mvhd") return "";
  const version = view.getUint8(16);
  const seconds = version === 1 ? Number(view.getBigUint64(20)) : view.getUint32(20);
  return isoFrom1904(seconds);
}

export function isoFrom1904(seconds: number): string {
  if (!seconds) return "";
  const ms = (seconds - EPOCH_1904) * 1000;
  // Before 1990 or after 2100: a camera with its clock unset, not a date worth showing.
  if (ms < Date.UTC(1990, 0, 1) || ms > Date.UTC(2100, 0, 1)) return "";
  return new Date(ms).toISOString();
}

/** The MIME type an MP4 goes by: an M4V says so in its major brand. */
export async function isobmffMime(blob: Blob): Promise<"video/mp4" | "video/x-m4v"> {
  const view = await bytes(blob, 0, 12);
  if (view.byteLength < 12 || fourCc(view, 4) !== "ftyp") return "video/mp4";
  return fourCc(view, 8).startsWith("M4V") ? "video/x-m4v" : "video/mp4";
}
