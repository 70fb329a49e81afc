/**
 * A photo entering a worker's job, read once: its header is checked from its first bytes (the format by its
 * magic bytes, the pixel count before anything is decoded), and the same pass goes on as far as the job
 * needs: to the end for a TIFF or a HEIC (decoded by our own decoders, from these bytes), and, when the
 * metadata is asked for, to the end for a WebP (it may sit anywhere) or as far as it goes for a JPEG or a
 * PNG (they keep it before their pixels); else no further. The header, the metadata and the pixels all come from that one
 * read; the browser's own decoder reads the Blob itself.
 */
import { ImageError, MAX_PIXELS } from "./errors";
import { decodeHeic } from "./heic";
import { decodeTiff } from "./tiff";
import { readExifOrientation } from "./exif";
import { HEADER_BYTES, readImageHeader, type ImageFormat, type ImageHeader } from "./sniff";
import { METADATA_ANYWHERE, METADATA_HEAD_BYTES } from "../metadata/readMetadata";

export interface ImageSource {
  file: Blob;
  header: ImageHeader;
  /** EXIF orientation (JPEG; 1 for the others, whose decoders apply theirs). */
  orientation: number;
  /** What the one read took: the whole file when `whole`, else its first bytes. */
  bytes: Uint8Array<ArrayBuffer>;
  whole: boolean;
}

/** Formats whose pixels our own decoders read from the bytes (tiff.ts, heic.ts): read to the end. */
const DECODED_HERE: readonly ImageFormat[] = ["tiff", "heic"];

/** The header of a file's first bytes, refused when it is not an image we know or has too many pixels. */
export function checkHeader(head: Uint8Array): { header: ImageHeader; orientation: number } {
  const header = readImageHeader(head);
  if (!header) throw new ImageError("not-image", "This file is not an image: its contents are not JPEG, PNG, GIF, WebP, AVIF, HEIC, TIFF or BMP.");
  if (header.width * header.height > MAX_PIXELS) {
    throw new ImageError("too-many-pixels", `This image has ${Math.round((header.width * header.height) / 1e6)} megapixels; at most ${MAX_PIXELS / 1e6} are accepted.`);
  }
  return { header, orientation: header.format === "jpeg" ? readExifOrientation(head) : 1 };
}

/** How far to read a file of `format`. */
function extentOf(format: ImageFormat, size: number, metadata: boolean): number {
  if (DECODED_HERE.includes(format) || (metadata && METADATA_ANYWHERE.includes(format))) return size;
  return Math.min(size, metadata ? METADATA_HEAD_BYTES : HEADER_BYTES);
}

/**
 * Reads the file in one pass of its stream: the first HEADER_BYTES decide (through `extent`) how far the
 * pass goes, then the rest up to there lands in one buffer of that size (the head is copied over once).
 */
async function readOnce(file: Blob, extent: (head: Uint8Array) => number): Promise<Uint8Array<ArrayBuffer>> {
  let out = new Uint8Array(Math.min(file.size, HEADER_BYTES));
  let end = out.length;
  let at = 0;
  let decided = false;
  const reader = file.stream().getReader();
  try {
    for (;;) {
      if (at >= end && !decided) {
        decided = true;
        end = Math.max(end, Math.min(file.size, extent(out.subarray(0, at))));
        if (end > out.length) {
          const grown = new Uint8Array(end);
          grown.set(out.subarray(0, at));
          out = grown;
        }
      }
      if (at >= end) break;
      const { done, value } = await reader.read();
      if (done) break;
      const take = Math.min(value.length, end - at);
      out.set(value.subarray(0, take), at);
      at += take;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return at === out.length ? out : out.slice(0, at);
}

/** Reads and checks a file once; `metadata`: the job carries the photo's metadata, so it is read too. */
export async function readSource(file: Blob, { metadata }: { metadata: boolean }): Promise<ImageSource> {
  let checked: { header: ImageHeader; orientation: number } | null = null;
  const bytes = await readOnce(file, (head) => {
    checked = checkHeader(head);
    return extentOf(checked.header.format, file.size, metadata);
  });
  // A file shorter than its header: checked on what there is.
  const { header, orientation } = checked ?? checkHeader(bytes);
  return { file, header, orientation, bytes, whole: bytes.length === file.size };
}

/** Formats the browser decodes by itself; TIFF and HEIC have decoders of their own (tiff.ts, heic.ts). */
const BROWSER_DECODES = new Set(["jpeg", "png", "gif", "webp", "bmp", "avif"]);

/** The header of a file, read for that alone (import reads its file whole later, for its checksums). */
export async function inspectImage(file: Blob): Promise<{ header: ImageHeader; orientation: number }> {
  return checkHeader(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
}

/** Decodes a file as a bitmap: TIFF and HEIC by our own decoders, the rest by the browser's (EXIF orientation applied). */
export async function decodeImage(file: Blob, header: ImageHeader): Promise<ImageBitmap> {
  if (header.format === "tiff") return createImageBitmap(await decodeTiff(file));
  if (header.format === "heic") return createImageBitmap(await decodeHeic(file));
  if (!BROWSER_DECODES.has(header.format)) throw new ImageError("unsupported", `${header.format.toUpperCase()} images cannot be shown in browsers; convert them to JPEG first.`);
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new ImageError("corrupt", "This image is damaged and cannot be read.");
  }
}
