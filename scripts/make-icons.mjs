/**
 * Draws the app icons (public/icons/icon-192.png and icon-512.png): a violet rounded square with a white
 * aperture ring, with the project's small PNG encoder (scripts/lib/png.mjs). Run: node scripts/make-icons.mjs
 */
import { writeFileSync } from "node:fs";
import { encodePng } from "./lib/png.mjs";

function icon(size) {
  const c = size / 2;
  const clamp = (v) => Math.max(0, Math.min(1, v));
  return encodePng(size, size, (x, y) => {
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
