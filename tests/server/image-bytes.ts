/**
 * Image files built byte by byte for the server's header checks: real headers of any pixel size without
 * the pixels (a 14,000 x 14,000 PNG "bomb" is ~600 KB of deflated zeros), so tests stay small and fast.
 */
import { once } from "node:events";
import { createDeflate, crc32, deflateSync } from "node:zlib";

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

function png(width: number, height: number, idat: Buffer, colorType = 2): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colorType; // 2 RGB, 0 grey
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk("IHDR", ihdr), pngChunk("IDAT", idat), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A PNG whose header says width x height, with one row of pixel data (enough for any header check). */
export function pngHeader(width: number, height: number): Buffer {
  return png(width, height, deflateSync(Buffer.alloc(1 + Math.min(width, 64) * 3)));
}

/**
 * A complete, valid black greyscale PNG of width x height: every row deflated, so a decoder would really
 * expand it (14,000 x 14,000 is 196 MB as grey, 784 MB as the RGBA a thumbnailer makes).
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const row = Buffer.alloc(1 + width);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const ended = once(deflate, "end");
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await once(deflate, "drain");
  deflate.end();
  await ended;
  return png(width, height, Buffer.concat(out), 0);
}

export function gifHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(32);
  b.write("GIF89a", 0, "latin1");
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  b[b.length - 1] = 0x3b;
  return b;
}

/** A JPEG header with a 64 KB EXIF-like APP1 block before its SOF0 marker. */
export function jpegHeader(width: number, height: number): Buffer {
  const app1 = Buffer.alloc(4 + 65_000);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(65_000 + 2, 2);
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])]);
}

/** A little-endian TIFF whose first directory sits after `dataBytes` of pixel data, as libtiff writes it. */
export function tiffIfdAtEnd(width: number, height: number, dataBytes = 600_000): Buffer {
  const head = Buffer.alloc(8);
  head.write("II", 0, "latin1");
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8 + dataBytes, 4);
  const ifd = Buffer.alloc(2 + 2 * 12 + 4);
  ifd.writeUInt16LE(2, 0);
  ifd.writeUInt16LE(256, 2);
  ifd.writeUInt16LE(4, 4);
  ifd.writeUInt32LE(1, 6);
  ifd.writeUInt32LE(width, 10);
  ifd.writeUInt16LE(257, 14);
  ifd.writeUInt16LE(4, 16);
  ifd.writeUInt32LE(1, 18);
  ifd.writeUInt32LE(height, 22);
  return Buffer.concat([head, Buffer.alloc(dataBytes), ifd]);
}

export function webpVp8x(width: number, height: number): Buffer {
  const b = Buffer.alloc(30);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(22, 4);
  b.write("WEBPVP8X", 8, "latin1");
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

/** An AVIF's ftyp box and an `ispe` property with the given size. */
export function avifIspe(width: number, height: number): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypavif", 4, "latin1");
  ftyp.write("mif1miaf", 16, "latin1");
  const ispe = Buffer.alloc(20);
  ispe.writeUInt32BE(20, 0);
  ispe.write("ispe", 4, "latin1");
  ispe.writeUInt32BE(width, 12);
  ispe.writeUInt32BE(height, 16);
  return Buffer.concat([ftyp, ispe]);
}
