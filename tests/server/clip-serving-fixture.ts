/**
 * Clips for server tests (issue 38): a few seconds of ffmpeg's test pattern made in a temp folder (never
 * committed), and the owner's upload of a clip record as the owner's device makes it: the original, the web
 * version and the poster's sizes.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { pngBytes } from "./gallery-fixture";
import type { TestServer } from "./test-server";

/** A clip made by ffmpeg: `container` "mp4" (index at the front) or "mov", H.264, no sound. */
export function makeClip(container: "mp4" | "mov", seconds = 3, size = "160x120"): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), "clip-"));
  try {
    const out = path.join(dir, `clip.${container}`);
    const args = ["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=15`, "-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
    args.push(...(container === "mp4" ? ["-movflags", "+faststart"] : ["-f", "mov"]), out);
    execFileSync("ffmpeg", args);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ClipUpload {
  name?: string;
  webStatus: "" | "made" | "original" | "unsupported";
  original: Buffer;
  originalType: string;
  webVideo?: Buffer;
  /** metadata.video.codec, mediabunny's name ("avc" unless said). */
  codec?: string;
}

/** The owner uploads a clip record (kind "video") with its poster's sizes; returns its id. */
export async function addClip(server: TestServer, clientId: string, clip: ClipUpload): Promise<string> {
  const name = clip.name ?? "first-dance.mov";
  const form = new FormData();
  form.set("client", clientId);
  form.set("kind", "video");
  form.set("duration", "3.2");
  form.set("webStatus", clip.webStatus);
  form.set("metadata", JSON.stringify({ video: { codec: clip.codec ?? "avc", container: clip.originalType === "video/mp4" ? "mp4" : "mov" } }));
  form.set("originalName", name);
  form.set("filename", name);
  form.set("mimeType", clip.originalType);
  form.set("fileSize", String(clip.original.length));
  form.set("uploadedAt", new Date().toISOString());
  form.set("original", new File([new Uint8Array(clip.original)], name, { type: clip.originalType }));
  if (clip.webVideo) form.set("webVideo", new File([new Uint8Array(clip.webVideo)], "web.mp4", { type: "video/mp4" }));
  form.set("thumbnail", new File([pngBytes(41)], "poster-thumb.png", { type: "image/png" }));
  form.set("preview", new File([pngBytes(42)], "poster.png", { type: "image/png" }));
  const r = await server.api<{ id: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}
