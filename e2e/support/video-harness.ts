/**
 * The page of the video worker's browser tests and benches (e2e/video.test.ts, bench/video-*.bench.ts): the
 * app's own client (src/workers-client/video.ts) with its worker, on a bare page, driven through `window.video`.
 * The clip is whatever the test put in the page's file input.
 */
import { VideoError, type VideoProbe } from "../../src/domain/video";
import { makeWebVersion, posterFrame, probeVideo } from "../../src/workers-client/video";

const clip = () => (document.getElementById("clip") as HTMLInputElement).files![0]!;
const fail = (err: unknown) => ({ error: err instanceof VideoError ? err.code : String(err) });
let abort: AbortController | null = null;
let lastOutput: Blob | null = null;

async function bytesOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

const api = {
  probe: () => probeVideo(clip()).catch(fail),
  /** The poster as base64 JPEG bytes. */
  poster: (probe: VideoProbe) => posterFrame(clip(), probe).then(bytesOf, fail),
  /** Makes the web version; keeps it for `output`; answers its size, type and the progress seen. */
  async webVersion(probe: VideoProbe, watermark?: string, cancelAt?: number) {
    abort = new AbortController();
    const progress: number[] = [];
    try {
      const out = await makeWebVersion(clip(), probe, {
        watermark: watermark ? { text: watermark } : null,
        signal: abort.signal,
        onProgress: (p) => {
          progress.push(p);
          if (cancelAt !== undefined && p >= cancelAt) abort?.abort();
        },
      });
      lastOutput = out;
      return { size: out.size, type: out.type, isFile: out instanceof File, progress };
    } catch (err) {
      return { ...fail(err), progress };
    }
  },
  /** The last web version's bytes (base64), a slice at a time. */
  output: (start: number, end: number) => bytesOf(lastOutput!.slice(start, end)),
  /** Files left in the worker's scratch folder. */
  async scratchFiles(): Promise<string[]> {
    const root = await navigator.storage.getDirectory();
    const dir = await root.getDirectoryHandle("web-versions", { create: true });
    const names: string[] = [];
    for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    return names;
  },
};

(window as unknown as { video: typeof api }).video = api;
