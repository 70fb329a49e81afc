/// <reference lib="webworker" />
/**
 * The owner's service worker: precaches the built app shell and answers the owner app's navigations with
 * the cached index.html, so the installed app opens offline. It never caches /api/ (gallery access is
 * decided by the server on every request) nor the PocketBase dashboard, and leaves /gallery/ alone: the
 * visitor's pages have their own entry (gallery.html) and their own small service worker (gallery-sw.ts).
 *
 * It also builds and serves the owner's streamed zip downloads (sw/streamDownloads.ts) under `/__download/`,
 * and receives the photos the operating system shares with the installed app (sw/shareTarget.ts).
 *
 * Everything it answers from the precache (the pages, the scripts, the workers, the codecs) carries the
 * cross-origin isolation headers (sw/isolation.ts), so the app opened offline is isolated too and its
 * multi-threaded encoders run.
 */
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { isolationPlugin } from "./sw/isolation";
import { serveStreamedDownloads } from "./sw/streamDownloads";
import { sendApiToNetwork } from "./sw/networkRoutes";
import { receiveSharedFiles } from "./sw/shareTarget";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The server's API goes straight to the network, past this worker (Chromium).
sendApiToNetwork();
// Registered before Workbox's routes so that it answers its URLs first.
serveStreamedDownloads();
receiveSharedFiles();

// The first install takes control of the open pages at once, so the owner's first large download can
// already stream through this worker. Updates still wait for the owner's consent (the update prompt).
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
addPlugins([isolationPlugin]);
precacheAndRoute(self.__WB_MANIFEST);
// Plain-text files (the licences, robots.txt) are the server's to answer, never the app shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//, /^\/_\//, /^\/__download\//, /^\/gallery(\/|$)/, /^\/[^/]+\.txt$/] }),
);

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
});
