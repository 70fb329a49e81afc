/**
 * Real photographs for benchmarks: the 5120x2880 (14.7 MP) JPEGs of Debian's plasma-workspace-wallpapers
 * package, cycled under distinct names to reach the count a benchmark needs. Each copy carries its own
 * JPEG comment (a COM segment after SOI; the pixels are the same), so its bytes differ: the import skips a
 * photo whose checksum the gallery already holds, and with six distinct wallpapers on a machine a bench of
 * 50 had imported six. Returns null when the package is not installed.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { onTestFinished } from "vitest";

const ROOT = "/usr/share/wallpapers";

export function wallpaperPhotos(): string[] {
  if (!existsSync(ROOT)) return [];
  const found: string[] = [];
  for (const theme of readdirSync(ROOT)) {
    for (const sub of ["images", "images_dark"]) {
      const file = path.join(ROOT, theme, "contents", sub, "5120x2880.jpg");
      if (existsSync(file)) found.push(file);
    }
  }
  return found.sort();
}

export const MISSING_PHOTOS = "Benchmark photos missing: install Debian's plasma-workspace-wallpapers (apt-get install plasma-workspace-wallpapers).";

/** The JPEG with a comment segment naming it inserted after its start-of-image marker. */
function withComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, "latin1");
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

/**
 * `count` paths to real photos with distinct names and bytes (photo-0001.jpg, ...), cycling through the
 * wallpapers. Call it inside a test: the folder is removed when the test ends.
 */
export function photoSet(count: number): { dir: string; files: string[]; bytes: number } | null {
  const sources = wallpaperPhotos();
  if (!sources.length) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-bench-photos-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const originals = new Map<string, Buffer>();
  const files: string[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const source = sources[i % sources.length]!;
    if (!originals.has(source)) originals.set(source, readFileSync(source));
    const name = `photo-${String(i + 1).padStart(4, "0")}.jpg`;
    const file = path.join(dir, name);
    const copy = withComment(originals.get(source)!, `bench ${name}`);
    writeFileSync(file, copy);
    files.push(file);
    bytes += copy.length;
  }
  return { dir, files, bytes };
}
