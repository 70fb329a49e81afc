/**
 * A client's gallery seeded on the server as an owner's device uploads it today: every size of
 * src/domain/image-sizes.ts made with sharp from a generated photo (an SVG scene: sky, sun, hills, so
 * screenshots look like photographs), its width, height and ThumbHash placeholder.
 */
import sharp from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { IMAGE_SIZES } from "../../src/domain/image-sizes";
import type { Page } from "playwright-core";
import type { OwnerApi } from "./owner-api";
import { makeJpeg } from "./photos";

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

/** An image record's form as a device sends it: the JPEG original, uploaded at second `at` of a fixed minute. */
function jpegForm(clientId: string, name: string, at: number, original: Buffer): FormData {
  const form = new FormData();
  form.set("client", clientId);
  form.set("filename", name);
  form.set("originalName", name);
  form.set("fileSize", String(original.length));
  form.set("mimeType", "image/jpeg");
  form.set("uploadedAt", new Date(Date.UTC(2026, 5, 1, 10, 0, at)).toISOString());
  form.set("original", new File([new Uint8Array(original)], name, { type: "image/jpeg" }));
  return form;
}

/** Uploads one photo with all its sizes through the owner's API; returns the record. */
export async function uploadPhoto(serverUrl: string, token: string, clientId: string, name: string, width: number, height: number, seed: number, at: number): Promise<SeededImage> {
  const original = await scenePhoto(width, height, seed);
  const form = jpegForm(clientId, name, at, original);
  form.set("width", String(width));
  form.set("height", String(height));
  form.set("placeholder", await placeholderOf(original));
  for (const { field, edge } of IMAGE_SIZES) {
    const bytes = await sharp(original).resize(edge, edge, { fit: "inside", withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    form.set(field, new File([new Uint8Array(bytes)], `${field}.webp`, { type: "image/webp" }));
  }
  const res = await fetch(`${serverUrl}/api/collections/images/records`, { method: "POST", headers: { Authorization: token }, body: form });
  if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { id, name, width, height };
}

/**
 * Uploads a small photo record through the owner's API: `original` under its name, `small` as thumbnail
 * and preview (the sizes older devices made), uploaded at second `at` of a fixed minute so the order is known.
 */
export async function uploadJpegRecord(api: OwnerApi, clientId: string, name: string, at: number, original: Buffer, small: Buffer = original): Promise<string> {
  const form = jpegForm(clientId, name, at, original);
  form.set("thumbnail", new File([new Uint8Array(small)], "thumbnail.jpg", { type: "image/jpeg" }));
  form.set("preview", new File([new Uint8Array(small)], "preview.jpg", { type: "image/jpeg" }));
  return (await api<{ id: string }>("POST", "/api/collections/images/records", form)).id;
}

export interface JpegGallery {
  id: string;
  accessUrl: string;
  accessCode: string;
  /** Each image's original bytes, by image id. */
  originals: Map<string, Buffer>;
  imageIds: string[];
}

/** A client with small JPEG photos made in the page (640x480 originals, 200x150 previews), in the given order. */
export async function seedJpegGallery(api: OwnerApi, page: Page, name: string, files: Array<[string, number]>, fields: Record<string, unknown> = {}): Promise<JpegGallery> {
  const client = await api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { name, ...fields });
  const originals = new Map<string, Buffer>();
  const imageIds: string[] = [];
  for (const [i, [fileName, seed]] of files.entries()) {
    const original = await makeJpeg(page, 640, 480, seed);
    const id = await uploadJpegRecord(api, client.id, fileName, i, original, await makeJpeg(page, 200, 150, seed));
    originals.set(id, original);
    imageIds.push(id);
  }
  return { ...client, originals, imageIds };
}
