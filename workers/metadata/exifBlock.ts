/**
 * EXIF as TIFF-structured tags: read from an EXIF block (JPEG APP1, PNG eXIf, WebP EXIF) or a whole TIFF
 * file, cleaned for a converted copy (orientation reset to 1 because the pixels are upright now, GPS
 * removed on request, thumbnails, maker notes and offsets into the old file dropped), and written again as
 * a little-endian EXIF block.
 */
import { ifdSize, TYPE_SIZE, writeIfd, type TiffTag } from "./ifd";

export interface ExifTags {
  ifd0: TiffTag[];
  exif: TiffTag[];
  gps: TiffTag[];
}

const BYTE_TYPES = new Set([1, 2, 6, 7]);
const EXIF_POINTER = 34665;
const GPS_POINTER = 34853;

/** Tags that describe pixels or point into the old file: never carried over. */
const DROPPED = new Set([
  254, 255, 256, 257, 258, 259, 262, 266, 273, 277, 278, 279, 280, 281, 284, 317, 322, 323, 324, 325, 330, 338, 339, 513, 514, 530, 531, 532,
  34675, // ICC: carried separately
  700, // XMP: carried separately
  37500, // maker note: offsets inside it point into the old file
  40965, // interoperability IFD pointer
  50341, // print image matching
  40962, 40963, // pixel dimensions of the old file
]);

function readIfd(v: DataView, little: boolean, at: number): { tags: TiffTag[]; exif?: number; gps?: number } {
  const tags: TiffTag[] = [];
  let exif: number | undefined;
  let gps: number | undefined;
  if (at + 2 > v.byteLength) return { tags };
  const count = v.getUint16(at, little);
  for (let k = 0; k < count; k++) {
    const e = at + 2 + k * 12;
    if (e + 12 > v.byteLength) break;
    const tag = v.getUint16(e, little);
    const type = v.getUint16(e + 2, little);
    const n = v.getUint32(e + 4, little);
    const size = TYPE_SIZE[type];
    if (!size || n > 1 << 20) continue;
    const where = size * n > 4 ? v.getUint32(e + 8, little) : e + 8;
    if (where + size * n > v.byteLength) continue;
    if (tag === EXIF_POINTER) exif = v.getUint32(e + 8, little);
    else if (tag === GPS_POINTER) gps = v.getUint32(e + 8, little);
    if (tag === EXIF_POINTER || tag === GPS_POINTER) continue;
    let values: number[] | Uint8Array;
    if (BYTE_TYPES.has(type)) values = new Uint8Array(v.buffer.slice(v.byteOffset + where, v.byteOffset + where + n));
    else {
      values = [];
      const parts = type === 5 || type === 10 ? n * 2 : n;
      const step = type === 5 || type === 10 ? 4 : size;
      for (let i = 0; i < parts; i++) {
        const p = where + i * step;
        if (type === 3) values.push(v.getUint16(p, little));
        else if (type === 8) values.push(v.getInt16(p, little));
        else if (type === 4 || type === 5) values.push(v.getUint32(p, little));
        else if (type === 9 || type === 10) values.push(v.getInt32(p, little));
        else if (type === 11) values.push(v.getFloat32(p, little));
        else values.push(v.getFloat64(p, little));
      }
      if (type === 11 || type === 12) continue; // floats: rare in photos, and our writer keeps integers
    }
    tags.push({ tag, type, values });
  }
  return { tags, exif, gps };
}

/** Reads the tags of TIFF-structured bytes (an EXIF block without its "Exif\0\0" prefix, or a TIFF file). */
export function readExifTags(bytes: Uint8Array): ExifTags | null {
  if (bytes.length < 8) return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = v.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  if (v.getUint16(2, little) !== 42) return null;
  const first = readIfd(v, little, v.getUint32(4, little));
  return {
    ifd0: first.tags,
    exif: first.exif ? readIfd(v, little, first.exif).tags : [],
    gps: first.gps ? readIfd(v, little, first.gps).tags : [],
  };
}

/** The tags a converted copy carries: orientation 1, no GPS when asked, nothing that points into the old file. */
export function cleanExifTags(tags: ExifTags, options: { removeLocation: boolean; orientationApplied?: boolean }): ExifTags {
  const keep = (t: TiffTag) => !DROPPED.has(t.tag);
  // The decoder turned the pixels upright (browsers do for JPEG, PNG, WebP, AVIF); TIFF pixels are as stored.
  const reset = options.orientationApplied !== false;
  const ifd0 = tags.ifd0.filter(keep).map((t) => (t.tag === 274 && reset ? { ...t, type: 3, values: [1] } : t));
  return { ifd0, exif: tags.exif.filter(keep), gps: options.removeLocation ? [] : tags.gps };
}

/** A little-endian EXIF block (TIFF structure, without the "Exif\0\0" prefix); null when nothing is left. */
export function writeExifBlock(tags: ExifTags): Uint8Array | null {
  if (!tags.ifd0.length && !tags.exif.length && !tags.gps.length) return null;
  const ifd0: TiffTag[] = [...tags.ifd0];
  if (tags.exif.length) ifd0.push({ tag: EXIF_POINTER, type: 4, values: [0] });
  if (tags.gps.length) ifd0.push({ tag: GPS_POINTER, type: 4, values: [0] });
  const size0 = ifdSize(ifd0);
  const sizeExif = tags.exif.length ? ifdSize(tags.exif) : 0;
  const sizeGps = tags.gps.length ? ifdSize(tags.gps) : 0;
  const exifAt = 8 + size0;
  const gpsAt = exifAt + sizeExif;
  for (const t of ifd0) {
    if (t.tag === EXIF_POINTER) t.values = [exifAt];
    if (t.tag === GPS_POINTER) t.values = [gpsAt];
  }
  const out = new Uint8Array(8 + size0 + sizeExif + sizeGps);
  const v = new DataView(out.buffer);
  v.setUint16(0, 0x4949);
  v.setUint16(2, 42, true);
  v.setUint32(4, 8, true);
  writeIfd(v, 8, 8, ifd0);
  if (sizeExif) writeIfd(v, exifAt, exifAt, tags.exif);
  if (sizeGps) writeIfd(v, gpsAt, gpsAt, tags.gps);
  return out;
}
