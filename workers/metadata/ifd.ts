/**
 * The directory (IFD) of TIFF-structured bytes as a TIFF file and an EXIF block both carry it: one entry a
 * tag, values that do not fit in an entry written after the entries. Shared by the EXIF writer
 * (exifBlock.ts) and the TIFF writer for print (workers/convert/writeTiff.ts); little-endian throughout.
 */

/** One IFD entry: numbers for numeric types, bytes for BYTE/ASCII/UNDEFINED. */
export interface TiffTag {
  tag: number;
  type: number;
  values: number[] | Uint8Array;
}

/** What a TIFF for print carries besides its pixels (writeTiff.ts; carriedMetadata.ts fills it). */
export interface TiffExtras {
  /** An ICC profile (tag 34675). */
  icc?: Uint8Array | null;
  /** More tags of the first IFD (Make, Model, Artist, Copyright, DateTime, XMP...). */
  tags?: TiffTag[];
  /** Tags of the EXIF sub-IFD (exposure, lens, capture date...), pointed to by tag 34665. */
  exif?: TiffTag[];
  /** Tags of the GPS sub-IFD, pointed to by tag 34853. */
  gps?: TiffTag[];
}

/** Bytes per value of each TIFF field type. */
export const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };

function countOf({ type, values }: TiffTag): number {
  return type === 5 || type === 10 ? values.length / 2 : values.length;
}

function byteSize(t: TiffTag): number {
  return (TYPE_SIZE[t.type] ?? 1) * countOf(t);
}

function writeValues(view: DataView, at: number, { type, values }: TiffTag): void {
  values.forEach((v, k) => {
    if (type === 1 || type === 2 || type === 7 || type === 6) view.setUint8(at + k, v);
    else if (type === 3) view.setUint16(at + k * 2, v, true);
    else if (type === 8) view.setInt16(at + k * 2, v, true);
    else if (type === 4 || type === 5) view.setUint32(at + k * 4, v, true);
    else if (type === 9 || type === 10) view.setInt32(at + k * 4, v, true);
  });
}

/** The size an IFD takes with the values that do not fit in its entries. */
export function ifdSize(tags: TiffTag[]): number {
  return 2 + tags.length * 12 + 4 + tags.reduce((sum, t) => (byteSize(t) > 4 ? sum + byteSize(t) + (byteSize(t) % 2) : sum), 0);
}

/** Writes one IFD (entries sorted by tag) at `base` (an absolute offset) into `view` at `at`. */
export function writeIfd(view: DataView, at: number, base: number, tags: TiffTag[]): void {
  const sorted = [...tags].sort((a, b) => a.tag - b.tag);
  let extra = at + 2 + sorted.length * 12 + 4;
  view.setUint16(at, sorted.length, true);
  sorted.forEach((t, i) => {
    const entry = at + 2 + i * 12;
    view.setUint16(entry, t.tag, true);
    view.setUint16(entry + 2, t.type, true);
    view.setUint32(entry + 4, countOf(t), true);
    const size = byteSize(t);
    if (size > 4) {
      view.setUint32(entry + 8, base + (extra - at), true);
      writeValues(view, extra, t);
      extra += size + (size % 2);
    } else writeValues(view, entry + 8, t);
  });
  view.setUint32(at + 2 + sorted.length * 12, 0, true); // no next IFD
}

