/**
 * A client's gallery seeded on the server as an owner's device uploads it today: every size of
 * src/domain/image-sizes.ts made with sharp from a generated photo (an SVG scene: sky, sun, hills, so
 * screenshots look like photographs), its width, height and ThumbHash placeholder.
 */
import sharp from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { IMAGE_SIZES } from "../../src/domain/image-sizes";

export interface SeededImage {
  id: string;
  name: string;
  width: number;
  height: number;
}

function sceneSvg(width: number, height: number, seed: number): string {
  const hue = (seed * 47) % 360;
  const sunX = ((seed * 37) % 80) + 10;
  const hills = [0.62, 0.72, 0.82].map((level, i) => {
    const y = height * level;
    const amp = height * (0.06 + 0.03 * i);
    const phase = seed * (i + 1);
    const points = Array.from({ length: 9 }, (_, k) => `${(width * k) / 8},${y + Math.sin(k + phase) * amp}`).join(" ");
    return `<polygon points="0,${height} ${points} ${width},${height}" fill="hsl(${(hue + 120 + i * 15) % 360} ${35 + i * 5}% ${38 - i * 9}%)"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 60% 62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 85%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${sunX}%" cy="${28 + (seed % 3) * 6}%" r="${Math.min(width, height) * 0.08}" fill="hsl(${(hue + 180) % 360} 90% 92%)"/>
    ${hills.join("")}
  </svg>`;
}

export async function scenePhoto(width: number, height: number, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(width, height, seed))).jpeg({ quality: 85 }).toBuffer();
}

async function placeholderOf(photo: Buffer): Promise<string> {
  const { data, info } = await sharp(photo).resize(100, 100, { fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}

/** Uploads one photo with all its sizes through the owner's API; returns the record. */
export async function uploadPhoto(serverUrl: string, token: string, clientId: string, name: string, width: number, height: number, seed: number, at: number): Promise<SeededImage> {
  const original = await scenePhoto(width, height, seed);
  const form = new FormData();
  form.set("client", clientId);
  form.set("filename", name);
  form.set("originalName", name);
  form.set("fileSize", String(original.length));
  form.set("mimeType", "image/jpeg");
  form.set("width", String(width));
  form.set("height", String(height));
  form.set("placeholder", await placeholderOf(original));
  form.set("uploadedAt", new Date(Date.UTC(2026, 5, 1, 10, 0, at)).toISOString());
  form.set("original", new File([new Uint8Array(original)], name, { type: "image/jpeg" }));
  for (const { field, edge } of IMAGE_SIZES) {
    const bytes = await sharp(original).resize(edge, edge, { fit: "inside", withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    form.set(field, new File([new Uint8Array(bytes)], `${field}.webp`, { type: "image/webp" }));
  }
  const res = await fetch(`${serverUrl}/api/collections/images/records`, { method: "POST", headers: { Authorization: token }, body: form });
  if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { id, name, width, height };
}
