/// <reference lib="webworker" />
/**
 * Streamed downloads, shared by the owner's and the visitor's service workers: a hidden frame asks for
 * `{scope}__download/{id}/{name}`, answered with a stream as an attachment (the browser writes it to disk as
 * it is made). The stream is either a zip this worker builds itself from the file list the page posts
 * (`zip-download`: the images are fetched here, so their bytes make no hop between threads before the
 * download), or one a producer posts on a port (`stream-download`: the download worker's zip, kept for a page
 * whose service worker is older than the page).
 */
import { writeZip, type ZipWorkerSource } from "../zip/writeZip";

declare const self: ServiceWorkerGlobalScope;

interface PendingDownload {
  name: string;
  stream: ReadableStream<Uint8Array>;
}

/** A download not asked for by then is dropped (its zip stops). */
const EXPIRES_MS = 60_000;

/**
 * How far the zip runs ahead of the browser's download, in bytes, so the fetches need not wait for each of
 * its writes (docs/benchmarks-history.md, zips session 6).
 */
const AHEAD_BYTES = 8 * 1024 * 1024;

/** Registers the fetch and message listeners; call it before any other fetch route so it answers first. */
export function serveStreamedDownloads(): void {
  const pendingDownloads = new Map<string, PendingDownload>();
  const prefix = `${new URL(self.registration.scope).pathname}__download/`;

  self.addEventListener("fetch", (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== self.location.origin || !url.pathname.startsWith(prefix)) return;
    const id = url.pathname.slice(prefix.length).split("/")[0] ?? "";
    const download = pendingDownloads.get(id);
    pendingDownloads.delete(id);
    if (!download) {
      event.respondWith(new Response("This download has expired; start it again from the gallery.", { status: 404 }));
      return;
    }
    const headers: Record<string, string> = {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(download.name)}`,
      "Cache-Control": "no-store",
      // The hidden frame's document: an isolated page (the owner's app) embeds only what says
      // `require-corp` too (sw/isolation.ts); harmless for the visitor's page, which is not isolated.
      "Cross-Origin-Embedder-Policy": "require-corp",
    };
    event.respondWith(new Response(download.stream, { headers }));
  });

  /**
   * Holds `stream` for the frame's request, through a watch that tells the page ('done', 'error') when the
   * browser has taken the last byte or the stream failed. `stop` aborts it (the page cancelled, or the
   * download was never asked for).
   */
  const offer = (id: string, name: string, stream: ReadableStream<Uint8Array>, events: MessagePort): AbortController => {
    const stop = new AbortController();
    let told = false;
    const tell = (outcome: "done" | "error") => {
      if (!told) events.postMessage(outcome);
      told = true;
    };
    const watch = new TransformStream<Uint8Array, Uint8Array>({ flush: () => tell("done") }, new ByteLengthQueuingStrategy({ highWaterMark: AHEAD_BYTES }));
    stream.pipeTo(watch.writable, { signal: stop.signal }).catch(() => tell("error"));
    // At once: the pipe settles only once the zip has stopped, which waits for a file being read.
    stop.signal.addEventListener("abort", () => tell("error"));
    pendingDownloads.set(id, { name, stream: watch.readable });
    setTimeout(() => {
      if (pendingDownloads.delete(id)) stop.abort();
    }, EXPIRES_MS);
    events.postMessage("ready");
    return stop;
  };

  self.addEventListener("message", (event) => {
    const data = event.data as { type?: string; id?: string; name?: string; sources?: ZipWorkerSource[] } | null;
    if (!data?.id || !data.name) return;
    const { id, name } = data;
    if (data.type === "zip-download" && Array.isArray(data.sources)) {
      // ports[0]: the page hears of the download and each file's progress on it, and may send 'cancel'.
      const events = event.ports[0];
      if (!events) return;
      const zip = writeZip(data.sources, {
        item: (file, patch) => events.postMessage({ item: file, patch }),
        total: (percent) => events.postMessage({ total: percent }),
      }, 0);
      const stop = offer(id, name, zip, events);
      events.onmessage = (message) => {
        if (message.data === "cancel") stop.abort();
      };
      return;
    }
    if (data.type !== "stream-download") return;
    // ports[0]: the producer (a download worker) posts the stream on it; ports[1]: the page hears of it.
    const [streamPort, events] = event.ports;
    if (!streamPort || !events) return;
    streamPort.onmessage = (message) => {
      const stream = (message.data as { stream?: ReadableStream<Uint8Array> }).stream;
      if (stream) offer(id, name, stream, events);
    };
  });
}
