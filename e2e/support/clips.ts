/**
 * Clips for browser tests and benchmarks (issue 38): made by Debian's ffmpeg into a temp folder (never
 * committed), uploaded through the owner's API as the owner's device would upload a clip: original, web
 * version, the poster's sizes (made with sharp from a scene photo), width, height, duration and status.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_SIZES } from "../../src/domain/image-sizes";
import { scenePhoto } from "./gallery-seed";

export interface ClipOptions {
  seconds: number;
  /** "WxH" of the frames. */
  size?: string;
  rate?: number;
  /** "h264" (default) or "hevc" (which Chromium here cannot decode). */
  codec?: "h264" | "hevc";
  /** Key frames every this many seconds (the web version's seeking grain). */
  keyEvery?: number;
  /** Video bitrate for the encoder ("600k"); unset: the encoder's own. */
  bitrate?: string;
}

/** An MP4 with its index at the front (ultrafast, small frames: seconds to make even for 10 minutes). */
export function ffmpegClip(options: ClipOptions): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), "clip-"));
  try {
    const out = path.join(dir, "clip.mp4");
    const rate = options.rate ?? 25;
    const codec = options.codec === "hevc" ? ["-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=error"] : ["-c:v", "libx264"];
    const args = ["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=${options.size ?? "320x180"}:rate=${rate}`, "-t", String(options.seconds), ...codec, "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
    if (options.keyEvery) args.push("-g", String(Math.round(options.keyEvery * rate)));
    if (options.bitrate) args.push("-b:v", options.bitrate, "-maxrate", options.bitrate, "-bufsize", options.bitrate);
    args.push("-movflags", "+faststart", out);
    execFileSync("ffmpeg", args);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SeededClip {
  id: string;
  name: string;
}

/** Uploads a clip record: `web` as its web version ("made"), or none (`webStatus` "original" or "unsupported"). */
export async function uploadClip(
  serverUrl: string,
  token: string,
  clientId: string,
  clip: { name: string; at: number; seconds: number; width: number; height: number; original: Buffer; web?: Buffer; webStatus: "made" | "original" | "unsupported"; codec?: string; mimeType?: string },
): Promise<SeededClip> {
  const poster = await scenePhoto(clip.width, clip.height, clip.at + 11);
  const form = new FormData();
  const fields: Record<string, string> = {
    client: clientId,
    kind: "video",
    duration: String(clip.seconds),
    webStatus: clip.webStatus,
    filename: clip.name,
    originalName: clip.name,
    fileSize: String(clip.original.length),
    mimeType: clip.mimeType ?? "video/mp4",
    width: String(clip.width),
    height: String(clip.height),
    uploadedAt: new Date(Date.UTC(2026, 5, 1, 10, 0, clip.at)).toISOString(),
    metadata: JSON.stringify({ video: { codec: clip.codec ?? "avc", container: "mp4", fastStart: true } }),
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("original", new File([new Uint8Array(clip.original)], clip.name, { type: clip.mimeType ?? "video/mp4" }));
  if (clip.web) form.set("webVideo", new File([new Uint8Array(clip.web)], "web.mp4", { type: "video/mp4" }));
  for (const { field, edge } of IMAGE_SIZES) {
    const bytes = await sharp(poster).resize(edge, edge, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
    form.set(field, new File([new Uint8Array(bytes)], `${field}.jpg`, { type: "image/jpeg" }));
  }
  const res = await fetch(`${serverUrl}/api/collections/images/records`, { method: "POST", headers: { Authorization: token }, body: form });
  if (!res.ok) throw new Error(`upload ${clip.name}: ${res.status} ${await res.text()}`);
  return { id: ((await res.json()) as { id: string }).id, name: clip.name };
}
