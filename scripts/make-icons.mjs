/**
 * Draws the app icons (public/icons/icon-192.png and icon-512.png): a violet rounded square with a white
 * aperture ring. A tiny PNG encoder on node:zlib keeps this free of image tooling. Run: node scripts/make-icons.mjs
 */
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) pixel(x, y).forEach((v, i) => (raw[y * (size * 4 + 1) + 1 + x * 4 + i] = v));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}
function icon(size) {
  const c = size / 2;
  const clamp = (v) => Math.max(0, Math.min(1, v));
  return png(size, (x, y) => {
    const dx = x + 0.5 - c;
    const dy = y + 0.5 - c;
    const d = Math.hypot(dx, dy);
    const ring = clamp(1 - Math.abs(d - size * 0.26) / (size * 0.06) ) > 0 ? clamp((size * 0.06 - Math.abs(d - size * 0.26)) + 0.5) : 0;
    const dot = clamp(size * 0.08 - d + 0.5);
    const white = Math.max(ring, dot);
    const [r, g, b] = [0x6d, 0x28, 0xd9];
    return [Math.round(r + (255 - r) * white), Math.round(g + (255 - g) * white), Math.round(b + (255 - b) * white), 255];
  });
}
for (const size of [192, 512]) writeFileSync(new URL(`../public/icons/icon-${size}.png`, import.meta.url), icon(size));
