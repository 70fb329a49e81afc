/**
 * Test photos made in the browser under test: a JPEG canvas render with gradients and noise (so it
 * compresses like a photograph), optionally with an EXIF orientation, and broken files of the kinds the
 * import must refuse.
 */
import type { Page } from "playwright-core";
import { withExifOrientation } from "../../workers/image/exif";

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function makeJpeg(page: Page, width: number, height: number, seed: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, seed }) => {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext("2d")!;
      const gradient = ctx.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, `hsl(${(seed * 67) % 360} 70% 55%)`);
      gradient.addColorStop(1, `hsl(${(seed * 67 + 120) % 360} 60% 35%)`);
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, width, height);
      // A marker in the top-left corner: tells which way up the picture is.
      ctx.fillStyle = "#ff0000";
      ctx.fillRect(0, 0, width / 4, height / 8);
      const noise = ctx.getImageData(0, 0, width, height);
      let x = seed + 1;
      for (let i = 0; i < noise.data.length; i += 4) {
        x = (x * 1103515245 + 12345) >>> 0;
        const n = (x >>> 24) % 40 - 20;
        noise.data[i] = noise.data[i]! + n;
        noise.data[i + 1] = noise.data[i + 1]! + n;
        noise.data[i + 2] = noise.data[i + 2]! + n;
      }
      ctx.putImageData(noise, 0, 0);
      const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height, seed },
  );
  return Buffer.from(base64, "base64");
}

export async function photo(page: Page, name: string, width: number, height: number, seed: number, orientation?: number): Promise<TestFile> {
  let buffer = await makeJpeg(page, width, height, seed);
  if (orientation) buffer = Buffer.from(withExifOrientation(buffer, orientation));
  return { name, mimeType: "image/jpeg", buffer };
}

/** A JPEG whose header is fine and whose data is garbage: the decoder must refuse it. */
export function corruptJpeg(name: string): TestFile {
  const header = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x03, 0x20, 0x04, 0x00, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return { name, mimeType: "image/jpeg", buffer: Buffer.concat([header, Buffer.alloc(4000, 0x5a)]) };
}

export function textRenamedAsJpeg(name: string): TestFile {
  return { name, mimeType: "image/jpeg", buffer: Buffer.from("Meeting notes: bring the 85mm lens.\n".repeat(50)) };
}

/** Over the 20 MB limit; its content does not matter (it must be refused by size alone). */
export function oversizedFile(name: string): TestFile {
  return { name, mimeType: "image/jpeg", buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 1) };
}
