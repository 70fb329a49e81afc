/**
 * Real photographs for benchmarks: the 5120x2880 (14.7 MP) JPEGs of Debian's plasma-workspace-wallpapers
 * package, cycled under distinct names (symbolic links in a temporary folder) to reach the count a
 * benchmark needs. Returns null when the package is not installed.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
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

/**
 * `count` paths to real photos with distinct names (photo-001.jpg, ...), cycling through the wallpapers.
 * Call it inside a test: the folder holds only links, and is removed when the test ends.
 */
export function photoSet(count: number): { dir: string; files: string[]; bytes: number } | null {
  const sources = wallpaperPhotos();
  if (!sources.length) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-bench-photos-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const files: string[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const source = sources[i % sources.length]!;
    const file = path.join(dir, `photo-${String(i + 1).padStart(4, "0")}.jpg`);
    symlinkSync(source, file);
    files.push(file);
    bytes += statSync(source).size;
  }
  return { dir, files, bytes };
}
