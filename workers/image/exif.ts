/**
 * EXIF orientation of a JPEG. Browsers apply it when they decode (`createImageBitmap` with
 * `imageOrientation: "from-image"`), so the pipeline never rotates by hand: it reads the tag only to know
 * the displayed size and to check that the decoder did apply it, exactly once. The thumbnail and preview
 * are written without EXIF, so nothing downstream can rotate them a second time.
 */

/** 1 (as stored) to 8; 1 when absent or unreadable. */
export function readExifOrientation(jpeg: Uint8Array): number {
  const v = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  if (jpeg.length < 4 || v.getUint16(0) !== 0xffd8) return 1;
  let i = 2;
  while (i + 4 <= jpeg.length) {
    const marker = v.getUint16(i);
    if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return 1; // start of scan: no EXIF before it
    const length = v.getUint16(i + 2);
    if (marker === 0xffe1 && i + 10 <= jpeg.length && v.getUint32(i + 4) === 0x45786966 /* "Exif" */) {
      return orientationInTiff(v, i + 10, Math.min(jpeg.length, i + 2 + length));
    }
    i += 2 + length;
  }
  return 1;
}

function orientationInTiff(v: DataView, tiff: number, end: number): number {
  if (tiff + 8 > end) return 1;
  const little = v.getUint16(tiff) === 0x4949;
  const ifd = tiff + v.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const count = v.getUint16(ifd, little);
  for (let k = 0; k < count; k++) {
    const at = ifd + 2 + k * 12;
    if (at + 12 > end) return 1;
    if (v.getUint16(at, little) === 0x0112) {
      const value = v.getUint16(at + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Orientations 5 to 8 turn the picture a quarter: width and height swap. */
export function orientedSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * Returns the JPEG with an EXIF block carrying `orientation` inserted after SOI (tests and tools use it to
 * make camera-like files).
 */
export function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const exif = new Uint8Array([
    0xff, 0xe1, 0x00, 0x22, // APP1, length 34
    0x45, 0x78, 0x69, 0x66, 0x00, 0x00, // "Exif\0\0"
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // big-endian TIFF, IFD at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT, 1
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ]);
  const out = new Uint8Array(jpeg.length + exif.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(exif, 2);
  out.set(jpeg.subarray(2), 2 + exif.length);
  return out;
}
