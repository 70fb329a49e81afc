/**
 * The video worker's test page (video-harness.html) built by Vite into a temporary folder and served on
 * loopback (a secure context: WebCodecs and the origin-private file system need one), plus the test clips,
 * made by Debian's ffmpeg in the test, never committed.
 */
import { execFileSync } from "node:child_process";
import { createReadStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { build } from "vite";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };

export interface VideoPage {
  url: string;
  stop: () => Promise<void>;
}

export async function startVideoPage(): Promise<VideoPage> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), "sg-video-page-"));
  await build({
    configFile: false,
    root: path.join(ROOT, "e2e/support"),
    logLevel: "warn",
    publicDir: false,
    worker: { format: "es" },
    build: { outDir, emptyOutDir: true, target: "es2022", rollupOptions: { input: path.join(ROOT, "e2e/support/video-harness.html") } },
  });
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = path.join(outDir, name === "/" ? "video-harness.html" : name);
    if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://localhost:${port}/`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** Runs ffmpeg quietly; throws with its output when it fails. */
export function ffmpeg(args: string[]): void {
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: ["ignore", "ignore", "pipe"] });
}

/** ffprobe's streams and format of a file, as JSON. */
export function ffprobe(file: string): { streams: Array<Record<string, string | number>>; format: Record<string, string | number> } {
  return JSON.parse(execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file], { encoding: "utf8" }));
}

/** The top-level boxes of an MP4, in order (moov before mdat: plays while it downloads). */
export function topLevelBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    let size = bytes.readUInt32BE(at);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    boxes.push(bytes.toString("latin1", at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

/** A test pattern with a tone: `seconds` long, `size` WxH, through the given codec arguments. */
export function makeClip(file: string, size: string, seconds: number, codecArgs: string[], options: { audio?: boolean; rate?: number; rotate?: number } = {}): string {
  const rate = options.rate ?? 30;
  const inputs = ["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`];
  if (options.audio !== false) inputs.push("-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  const made = options.rotate ? `${file}.unrotated${path.extname(file)}` : file;
  ffmpeg([...inputs, ...codecArgs, "-shortest", made]);
  // A phone's rotation is a tag of the track (its display matrix); ffmpeg writes it when copying.
  if (options.rotate) ffmpeg(["-i", made, "-c", "copy", "-metadata:s:v:0", `rotate=${options.rotate}`, file]);
  return file;
}
