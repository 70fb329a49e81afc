/**
 * Reads zip archives the owner imports, without trusting them. The central directory is read first and the
 * whole archive is refused, before anything is extracted, when it breaks a limit: too many entries, too
 * much data once uncompressed, an entry compressed beyond a plausible ratio (a zip bomb), a path that climbs
 * out of the archive or is absolute, a symbolic link, or encryption. Entries are then extracted one at a
 * time by streaming through the browser's own inflater (`DecompressionStream`); an entry that inflates to
 * more than it declared, or whose CRC does not match, is refused the moment it does.
 *
 * Entry paths are only ever used for their last segment (the file's name); nothing is written by path.
 */
import { isAbortError } from "../../src/lib/errors";
import { crc32 } from "./crc32";

export const ZIP_LIMITS = {
  /** More entries than a full wedding plus its sidecar files. */
  maxEntries: 10_000,
  /** Total uncompressed size; the zip itself may be 500 MB (specification, section 9). */
  maxTotalBytes: 2 * 1024 ** 3,
  /** Photos barely compress; text can reach 10:1. 100:1 is a bomb. Checked above RATIO_FLOOR bytes. */
  maxRatio: 100,
};
/** Below this size an entry cannot hurt, whatever its ratio (a 40 KB file of zeros is legitimate). */
const RATIO_FLOOR = 1024 * 1024;

export type ZipErrorCode = "not-a-zip" | "too-many-entries" | "too-large" | "ratio" | "unsafe-path" | "symlink" | "encrypted" | "corrupt";

export class ZipError extends Error {
  constructor(
    readonly code: ZipErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ZipError";
  }
}

export interface ZipEntry {
  /** The path as the archive states it (never used to write anything). */
  path: string;
  /** Its last segment. */
  name: string;
  isDirectory: boolean;
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const EOCD64_LOCATOR_SIG = 0x07064b50;
const EOCD64_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

async function bytesOf(blob: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await blob.slice(start, end).arrayBuffer());
}

function u64(v: DataView, at: number): number {
  return Number(v.getBigUint64(at, true));
}

async function findDirectory(blob: Blob): Promise<{ offset: number; size: number; count: number }> {
  const tailStart = Math.max(0, blob.size - (0xffff + 22));
  const tail = await bytesOf(blob, tailStart, blob.size);
  let at = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === EOCD_SIG) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError("not-a-zip", "This file is not a zip archive (or it is damaged).");
  let count = tail.getUint16(at + 10, true);
  let size = tail.getUint32(at + 12, true);
  let offset = tail.getUint32(at + 16, true);
  if ((count === 0xffff || size === 0xffffffff || offset === 0xffffffff) && at >= 20 && tail.getUint32(at - 20, true) === EOCD64_LOCATOR_SIG) {
    const eocd64 = u64(tail, at - 20 + 8);
    const v = await bytesOf(blob, eocd64, eocd64 + 56);
    if (v.getUint32(0, true) !== EOCD64_SIG) throw new ZipError("corrupt", "The zip archive's directory is damaged.");
    count = u64(v, 32);
    size = u64(v, 40);
    offset = u64(v, 48);
  }
  if (offset + size > blob.size) throw new ZipError("corrupt", "The zip archive's directory is damaged.");
  return { offset, size, count };
}

/** A path that is absolute, names a drive, or climbs with `..` is hostile. */
export function isUnsafePath(path: string): boolean {
  const p = path.replace(/\\/g, "/");
  return p.startsWith("/") || /^[a-zA-Z]:/.test(p) || p.split("/").some((segment) => segment === "..");
}

/** Reads and checks the whole directory; throws ZipError for a hostile or damaged archive. */
export async function readZipDirectory(blob: Blob, limits = ZIP_LIMITS): Promise<ZipEntry[]> {
  const dir = await findDirectory(blob);
  if (dir.count > limits.maxEntries) throw new ZipError("too-many-entries", `The zip archive holds ${dir.count} entries; at most ${limits.maxEntries} are accepted.`);
  const v = await bytesOf(blob, dir.offset, dir.offset + dir.size);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = 0;
  for (let k = 0; k < dir.count; k++) {
    if (at + 46 > v.byteLength || v.getUint32(at, true) !== CENTRAL_SIG) throw new ZipError("corrupt", "The zip archive's directory is damaged.");
    const madeBy = v.getUint16(at + 4, true) >> 8;
    const flags = v.getUint16(at + 8, true);
    const method = v.getUint16(at + 10, true);
    const crc = v.getUint32(at + 16, true);
    let compressedSize = v.getUint32(at + 20, true);
    let size = v.getUint32(at + 24, true);
    const nameLength = v.getUint16(at + 28, true);
    const extraLength = v.getUint16(at + 30, true);
    const commentLength = v.getUint16(at + 32, true);
    const externalAttrs = v.getUint32(at + 38, true);
    let localHeaderOffset = v.getUint32(at + 42, true);
    const path = decoder.decode(new Uint8Array(v.buffer, at + 46, nameLength));
    // ZIP64 extra field: the 64-bit values, in this order, for each 32-bit field that is saturated.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = v.getUint16(extra, true);
      const length = v.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        if (size === 0xffffffff) {
          size = u64(v, field);
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(v, field);
          field += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(v, field);
      }
      extra += 4 + length;
    }
    at = extraEnd + commentLength;

    if (isUnsafePath(path)) throw new ZipError("unsafe-path", `The zip archive contains an unsafe path (${path}); nothing was imported.`);
    if (madeBy === 3 && ((externalAttrs >>> 16) & S_IFMT) === S_IFLNK) throw new ZipError("symlink", `The zip archive contains a symbolic link (${path}); nothing was imported.`);
    if (flags & 1) throw new ZipError("encrypted", "The zip archive is encrypted; export it without a password.");
    total += size;
    const isDirectory = path.endsWith("/") || path.endsWith("\\");
    const segments = path.replace(/\\/g, "/").split("/").filter(Boolean);
    entries.push({ path, name: segments[segments.length - 1] ?? "", isDirectory, method, compressedSize, size, crc32: crc, localHeaderOffset });
  }
  if (total > limits.maxTotalBytes) throw new ZipError("too-large", `The zip archive expands to more than ${Math.round(limits.maxTotalBytes / 1024 ** 3)} GB; split it into smaller archives.`);
  const bomb = entries.find((e) => e.size > RATIO_FLOOR && (e.compressedSize === 0 || e.size / e.compressedSize > limits.maxRatio));
  if (bomb) throw new ZipError("ratio", `The zip archive entry ${bomb.path} is compressed more than ${limits.maxRatio}:1, which photos never are; nothing was imported.`);
  return entries;
}

/** Files a photographer's zip carries besides photos: folders, macOS resource forks, hidden files. */
export function isJunkEntry(entry: ZipEntry): boolean {
  return entry.isDirectory || entry.path.startsWith("__MACOSX/") || entry.name.startsWith(".");
}

/** Extracts one entry as a Blob, streaming; refuses data that exceeds its declared size or fails its CRC. */
export async function extractEntry(blob: Blob, entry: ZipEntry, type = "", signal?: AbortSignal): Promise<Blob> {
  const header = await bytesOf(blob, entry.localHeaderOffset, entry.localHeaderOffset + 30);
  if (header.byteLength < 30 || header.getUint32(0, true) !== LOCAL_SIG) throw new ZipError("corrupt", `The zip entry ${entry.path} is damaged.`);
  const start = entry.localHeaderOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  const raw = blob.slice(start, start + entry.compressedSize);
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError("corrupt", `The zip entry ${entry.path} uses a compression method this app cannot read (${entry.method}).`);
  const stream = entry.method === 8 ? raw.stream().pipeThrough(new DecompressionStream("deflate-raw")) : raw.stream();
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  let crc = 0;
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
      const { done, value } = await reader.read();
      if (done) break;
      length += value.length;
      if (length > entry.size) throw new ZipError("ratio", `The zip entry ${entry.path} holds more data than it declares; nothing was imported.`);
      crc = crc32(value, crc);
      parts.push(value);
    }
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    if (err instanceof ZipError || isAbortError(err)) throw err;
    throw new ZipError("corrupt", `The zip entry ${entry.path} is damaged.`);
  }
  if (length !== entry.size || crc !== entry.crc32) throw new ZipError("corrupt", `The zip entry ${entry.path} is damaged (its checksum does not match).`);
  return new Blob(parts as BlobPart[], { type });
}
