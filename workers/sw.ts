/// <reference lib="webworker" />
/**
 * The service worker: precaches the built app shell and answers every navigation with the cached
 * index.html, so the installed app opens offline. It never caches /api/ (gallery access is decided by the
 * server on every request) nor the PocketBase dashboard.
 *
 * It also serves streamed downloads: the page transfers a zip's ReadableStream with a message, then
 * navigates a hidden frame to /__download/{id}/{name}; the answer is that stream with a download
 * disposition, so the browser writes it to disk as it is made (memory stays flat whatever the size).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

interface PendingDownload {
  name: string;
  stream: ReadableStream<Uint8Array>;
}
const pendingDownloads = new Map<string, PendingDownload>();

// Registered before Workbox's routes so that it answers its URLs first.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/__download/")) return;
  const id = url.pathname.split("/")[2] ?? "";
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
  };
  event.respondWith(new Response(download.stream, { headers }));
});

// The first install takes control of the open pages at once, so a visitor's first large download can
// already stream through this worker. Updates still wait for the owner's consent (the update prompt).
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//, /^\/_\//, /^\/__download\//] }));

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; id?: string; name?: string } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  if (data?.type === "stream-download" && data.id && data.name) {
    // ports[0]: the producer (a download worker) posts the stream on it; ports[1]: the page hears of it.
    const [streamPort, events] = event.ports;
    if (!streamPort || !events) return;
    const { id, name } = data;
    streamPort.onmessage = (message) => {
      const stream = (message.data as { stream?: ReadableStream<Uint8Array> }).stream;
      if (!stream) return;
      // Tells the page when the browser has taken the last byte, or that the stream failed.
      const watch = new TransformStream<Uint8Array, Uint8Array>({ flush: () => events.postMessage("done") });
      stream.pipeTo(watch.writable).catch(() => events.postMessage("error"));
      pendingDownloads.set(id, { name, stream: watch.readable });
      setTimeout(() => pendingDownloads.delete(id), 60_000);
      events.postMessage("ready");
    };
  }
});
