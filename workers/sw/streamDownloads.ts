/// <reference lib="webworker" />
/**
 * Streamed downloads, shared by the owner's and the visitor's service workers: the page's download worker
 * posts a zip's ReadableStream on a port, then a hidden frame asks for `{scope}__download/{id}/{name}`,
 * answered with that stream as an attachment (the browser writes it to disk as it is made).
 */
declare const self: ServiceWorkerGlobalScope;

interface PendingDownload {
  name: string;
  stream: ReadableStream<Uint8Array>;
}

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

  self.addEventListener("message", (event) => {
    const data = event.data as { type?: string; id?: string; name?: string } | null;
    if (data?.type !== "stream-download" || !data.id || !data.name) return;
    // ports[0]: the producer (a download worker) posts the stream on it; ports[1]: the page hears of it.
    const [streamPort, events] = event.ports;
    if (!streamPort || !events) return;
    const { id, name } = data;
    streamPort.onmessage = (message) => {
      const stream = (message.data as { stream?: ReadableStream<Uint8Array> }).stream;
      if (!stream) return;
      // Tells the page when the browser has taken the last byte, or that the stream failed.
      // It takes up to 8 MB ahead of the browser's download, so the zip's producer is not held up by each of
      // its writes (docs/benchmarks-history.md, zips session 6).
      const watch = new TransformStream<Uint8Array, Uint8Array>({ flush: () => events.postMessage("done") }, new ByteLengthQueuingStrategy({ highWaterMark: 8 * 1024 * 1024 }));
      stream.pipeTo(watch.writable).catch(() => events.postMessage("error"));
      pendingDownloads.set(id, { name, stream: watch.readable });
      setTimeout(() => pendingDownloads.delete(id), 60_000);
      events.postMessage("ready");
    };
  });
}
