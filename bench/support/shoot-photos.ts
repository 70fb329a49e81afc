/**
 * Camera-like generated photos for the shoot benchmark: a smooth sky-to-ground gradient, a few soft-edged
 * shapes and a fine texture, with mild sensor noise, as a JPEG at quality 90. Downscaled sizes average the
 * noise away, as with a camera's pictures, so the device's WebP sizes are a small share of the originals'
 * bytes (the noise-only generator made sizes 2.3x the originals).
 */
import sharp from "sharp";

/** A deterministic pseudo-random generator (so every run makes the same photos). */
function random(seed: number) {
  let x = (seed * 7919 + 1) >>> 0;
  return () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x / 4294967296;
  };
}

/** The smooth part (gradient and soft shapes), drawn at a quarter of the size: the resize up keeps it smooth. */
function smoothBase(rnd: () => number, width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  const sky = [120 + rnd() * 100, 140 + rnd() * 90, 180 + rnd() * 70];
  const ground = [40 + rnd() * 90, 50 + rnd() * 80, 30 + rnd() * 60];
  const horizon = 0.35 + rnd() * 0.3;
  const shapes = Array.from({ length: 8 }, () => ({ x: rnd() * width, y: rnd() * height, r: (0.04 + rnd() * 0.2) * width, color: [rnd() * 255, rnd() * 255, rnd() * 255] }));
  for (let y = 0, p = 0; y < height; y++) {
    const v = y / height;
    const t = Math.min(1, Math.max(0, (v - horizon) * 8 + 0.5));
    for (let x = 0; x < width; x++, p += 3) {
      const value = [0, 1, 2].map((c) => sky[c]! * (1 - t) + ground[c]! * t + (1 - v) * 20);
      for (const s of shapes) {
        const d = Math.hypot(x - s.x, y - s.y) / s.r;
        if (d >= 1.2) continue;
        const a = Math.min(1, (1.2 - d) * 2.5) * 0.8;
        for (let c = 0; c < 3; c++) value[c]! += (s.color[c]! - value[c]!) * a;
      }
      for (let c = 0; c < 3; c++) pixels[p + c] = Math.max(0, Math.min(255, value[c]!));
    }
  }
  return pixels;
}

export async function shootPhoto(i: number, width: number, height = Math.round((width * 2) / 3)): Promise<Buffer> {
  const rnd = random(i + 1);
  const small = { width: Math.ceil(width / 4), height: Math.ceil(height / 4) };
  const base = await sharp(smoothBase(rnd, small.width, small.height), { raw: { ...small, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  // Fine detail (a texture like grass or fabric) and mild sensor noise, at full size.
  const fx = 0.05 + rnd() * 0.1;
  const fy = 0.02 + rnd() * 0.05;
  const noise = random(i + 1000);
  for (let y = 0, p = 0; y < height; y++) {
    const wave = Math.sin(y * fy) * 3;
    for (let x = 0; x < width; x++, p += 3) {
      const d = 3 * Math.sin(x * fx + wave) + (noise() - 0.5) * 10;
      base[p] = Math.max(0, Math.min(255, base[p]! + d));
      base[p + 1] = Math.max(0, Math.min(255, base[p + 1]! + d));
      base[p + 2] = Math.max(0, Math.min(255, base[p + 2]! + d));
    }
  }
  return sharp(base, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}
