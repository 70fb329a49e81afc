/**
 * The EXIF and XMP of a HEIC/HEIF photo (issue 25: its full-size JPEG and web size keep the artist,
 * copyright and capture date). HEIF keeps them as items of its `meta` box: `iinf` names each item's type
 * ('Exif', or 'mime' with content type application/rdf+xml for XMP) and `iloc` says where its bytes are.
 * An Exif item starts with a 4-byte offset to its TIFF header. Items stored in `idat` or split in pieces by
 * another file are left out (phones and libheif write them as one extent in the file).
 */
import { readExifTags, type ExifTags } from "./exifBlock";
import { asciiAt } from "../../src/lib/bytes";

interface Box {
  type: string;
  start: number;
  end: number;
}

function boxesIn(b: Uint8Array, v: DataView, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  for (let at = from; at + 8 <= to; ) {
    let size = v.getUint32(at);
    let header = 8;
    if (size === 1 && at + 16 <= to) {
      size = Number(v.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) break;
    boxes.push({ type: asciiAt(b, at + 4, 4), start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function uint(v: DataView, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 2) return v.getUint16(at);
  if (size === 4) return v.getUint32(at);
  return Number(v.getBigUint64(at));
}

/** Item id -> its type ('Exif', 'mime:application/rdf+xml', ...). */
function itemTypes(b: Uint8Array, v: DataView, iinf: Box): Map<number, string> {
  const version = b[iinf.start]!;
  const first = iinf.start + 4 + (version === 0 ? 2 : 4);
  const types = new Map<number, string>();
  for (const infe of boxesIn(b, v, first, iinf.end).filter((x) => x.type === "infe")) {
    const infeVersion = b[infe.start]!;
    if (infeVersion < 2) continue;
    const idSize = infeVersion === 2 ? 2 : 4;
    const id = uint(v, infe.start + 4, idSize);
    const typeAt = infe.start + 4 + idSize + 2;
    let type = asciiAt(b, typeAt, 4);
    if (type === "mime") {
      const nameEnd = b.indexOf(0, typeAt + 4);
      const contentEnd = b.indexOf(0, nameEnd + 1);
      if (nameEnd > 0 && contentEnd > nameEnd) type += ":" + asciiAt(b, nameEnd + 1, contentEnd - nameEnd - 1);
    }
    types.set(id, type);
  }
  return types;
}

/** Item id -> [offset, length] in the file, for items stored as one extent at a file offset. */
function itemPlaces(b: Uint8Array, v: DataView, iloc: Box): Map<number, [number, number]> {
  const version = b[iloc.start]!;
  let at = iloc.start + 4;
  const offsetSize = b[at]! >> 4;
  const lengthSize = b[at]! & 15;
  const baseSize = b[at + 1]! >> 4;
  const indexSize = version >= 1 ? b[at + 1]! & 15 : 0;
  at += 2;
  const count = version < 2 ? v.getUint16(at) : v.getUint32(at);
  at += version < 2 ? 2 : 4;
  const places = new Map<number, [number, number]>();
  for (let i = 0; i < count && at < iloc.end; i++) {
    const id = version < 2 ? v.getUint16(at) : v.getUint32(at);
    at += version < 2 ? 2 : 4;
    const method = version >= 1 ? v.getUint16(at) & 15 : 0;
    if (version >= 1) at += 2;
    at += 2; // data_reference_index
    const base = uint(v, at, baseSize);
    at += baseSize;
    const extents = v.getUint16(at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = uint(v, at, offsetSize);
      const length = uint(v, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      if (method === 0 && extents === 1) places.set(id, [base + offset, length]);
    }
  }
  return places;
}

/** The EXIF tags and XMP packet of a HEIF file's bytes (null where it has none or they cannot be read). */
export function fromHeif(b: Uint8Array): { exif: ExifTags | null; xmp: Uint8Array | null } {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const meta = boxesIn(b, v, 0, b.length).find((x) => x.type === "meta");
  if (!meta) return { exif: null, xmp: null };
  const children = boxesIn(b, v, meta.start + 4, meta.end);
  const iinf = children.find((x) => x.type === "iinf");
  const iloc = children.find((x) => x.type === "iloc");
  if (!iinf || !iloc) return { exif: null, xmp: null };
  const types = itemTypes(b, v, iinf);
  const places = itemPlaces(b, v, iloc);
  const bytesOf = (type: string) => {
    const id = [...types].find(([, t]) => t === type)?.[0];
    const place = id === undefined ? undefined : places.get(id);
    return place && place[0] + place[1] <= b.length ? b.subarray(place[0], place[0] + place[1]) : null;
  };
  const exifItem = bytesOf("Exif");
  const tiffAt = exifItem && exifItem.length > 4 ? 4 + new DataView(exifItem.buffer, exifItem.byteOffset).getUint32(0) : -1;
  const exif = exifItem && tiffAt > 0 && tiffAt < exifItem.length ? readExifTags(exifItem.subarray(tiffAt)) : null;
  const xmp = bytesOf("mime:application/rdf+xml");
  return { exif, xmp: xmp ? xmp.slice() : null };
}
