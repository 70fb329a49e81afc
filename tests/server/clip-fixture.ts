/** Clips for server-tier tests of issue 38: a real few-second MP4 made by ffmpeg, big files with a clip's header, clip records. */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { encodePng } from "../../scripts/lib/png.mjs";
import { storedFile } from "./storage-switch";
import type { TestServer } from "./test-server";

/** A 2-second 320x240 H.264 MP4 (testsrc2), made now by Debian's ffmpeg; `args` replace the codec options. */
export function makeClip(ext = "mp4", args = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]): Uint8Array<ArrayBuffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-clip-"));
  try {
    const out = path.join(dir, `clip.${ext}`);
    execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", "2", ...args, out]);
    return new Uint8Array(readFileSync(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `size` bytes that open as the clip `head` does (its first 4 KB), then random bytes: what the server judges is the header. */
export function bigClip(head: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(size));
  bytes.set(randomBytes(size));
  bytes.set(head.subarray(0, Math.min(4096, head.length, size)));
  return bytes;
}

/** A gallery for the clips. */
export async function makeGallery(server: TestServer): Promise<string> {
  const c = await server.api<{ id: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Wedding films" } });
  if (c.status !== 200) throw new Error(`gallery: ${c.status} ${JSON.stringify(c.body)}`);
  return c.body.id;
}

/** A clip's record with its poster only (as the upload sends it first); `files` adds multipart files. */
export async function clipRecord(server: TestServer, clientId: string, files: Record<string, File> = {}, kind = "video") {
  const form = new FormData();
  form.set("client", clientId);
  form.set("kind", kind);
  form.set("duration", "2");
  form.set("originalName", "clip.mp4");
  form.set("filename", "clip.mp4");
  form.set("mimeType", "video/mp4");
  form.set("uploadedAt", new Date().toISOString());
  form.set("thumbnail", new File([encodePng(8, 8, (x, y) => [x * 30, y * 30, 90, 255])], "t.png", { type: "image/png" }));
  for (const [field, file] of Object.entries(files)) form.set(field, file);
  return server.api<{ id: string; original?: string; webVideo?: string; data?: Record<string, { code: string }> }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
}

/** The bytes the storage holds for a record's stored file name (on the disk or in the bucket). */
export async function storedBytes(server: TestServer, recordId: string, name: string): Promise<Buffer> {
  const col = await server.api<{ id: string }>("GET", "/api/collections/images", { token: server.superToken });
  const bytes = await storedFile(server, `${col.body.id}/${recordId}/${name}`);
  if (!bytes) throw new Error(`${recordId}/${name} is not in the storage`);
  return bytes;
}
