/**
 * The service worker's own zip downloads, with its listeners driven by hand (no browser): the page posts
 * the file list, hears 'ready', each file's progress and 'done', and the frame's request gets the zip; a
 * 'cancel' from the page stops the zip and fails the download.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readZipDirectory } from "../zip/readZip";

type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
const ORIGIN = "https://studio.example";

beforeAll(async () => {
  vi.stubGlobal("self", {
    registration: { scope: `${ORIGIN}/gallery/` },
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  });
  const { serveStreamedDownloads } = await import("./streamDownloads");
  serveStreamedDownloads();
});
afterAll(() => vi.unstubAllGlobals());

/** Posts a zip download as the page does; returns what the page hears and the frame's answer. */
function startZip(id: string, sources: Array<{ id: string; name: string; blob: Blob }>) {
  const channel = new MessageChannel();
  const heard: unknown[] = [];
  let onHeard = () => undefined as void;
  channel.port1.onmessage = (event: MessageEvent) => {
    heard.push(event.data);
    onHeard();
  };
  const until = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      onHeard = () => test() && resolve();
      onHeard();
    });
  listeners.get("message")!({ data: { type: "zip-download", id, name: "Ada_images.zip", sources }, ports: [channel.port2] });
  const answer = async () => {
    await until(() => heard.includes("ready"));
    let response: Promise<Response> | Response | undefined;
    listeners.get("fetch")!({ request: { url: `${ORIGIN}/gallery/__download/${id}/Ada_images.zip` }, respondWith: (r: Response) => (response = r) });
    return response!;
  };
  return { heard, until, answer, page: channel.port1 };
}

describe("the service worker's zip downloads", () => {
  it("builds the zip from the posted files, tells the page each file's progress, and 'done' at the end", async () => {
    const sources = ["a.jpg", "b.jpg"].map((name, i) => ({ id: `img${i}`, name, blob: new Blob([new Uint8Array(1000 + i).fill(i + 1)]) }));
    const download = startZip("z1", sources);
    const response = await download.answer();
    expect(response.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''Ada_images.zip");
    const zip = await response.blob();
    expect((await readZipDirectory(zip)).map((e) => [e.name, e.size])).toEqual([["a.jpg", 1000], ["b.jpg", 1001]]);
    await download.until(() => download.heard.includes("done"));
    const patches = download.heard.filter((h): h is { item: string; patch: { status: string } } => typeof h === "object" && h !== null && "item" in h);
    expect(patches.filter((p) => p.patch.status === "success").map((p) => p.item)).toEqual(["img0", "img1"]);
    expect(download.heard).not.toContain("error");
    download.page.close();
  });

  it("stops the zip when the page cancels: the download fails and the page hears 'error'", async () => {
    // A file whose bytes never finish arriving: the download is under way when the page cancels.
    const endless = new Blob([new Uint8Array(10)]);
    Object.defineProperty(endless, "stream", { value: () => new ReadableStream<Uint8Array>({ pull: () => new Promise(() => undefined) }) });
    const download = startZip("z2", [{ id: "img0", name: "a.jpg", blob: endless }]);
    const response = await download.answer();
    const body = response.arrayBuffer();
    download.page.postMessage("cancel");
    await expect(body).rejects.toThrow();
    await download.until(() => download.heard.includes("error"));
    expect(download.heard).not.toContain("done");
    download.page.close();
  });

  it("answers a request for an unknown download with 404", async () => {
    let response: Response | undefined;
    listeners.get("fetch")!({ request: { url: `${ORIGIN}/gallery/__download/nope/x.zip` }, respondWith: (r: Response) => (response = r) });
    expect(response!.status).toBe(404);
  });
});
