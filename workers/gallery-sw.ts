/// <reference lib="webworker" />
/**
 * The visitor's service worker, scoped to /gallery/: it builds and streams zip downloads
 * (`/gallery/__download/{id}/{name}`, sw/streamDownloads.ts) and keeps the visitor's own page and files as
 * they are fetched, so an offline visitor is told so (sw/visitorShell.ts). It precaches nothing; API
 * answers and photos always go to the network. Built on its own (vite.config.ts) so that it carries none
 * of the owner's code.
 */
import { serveStreamedDownloads } from "./sw/streamDownloads";
import { serveVisitorShell, SHELL_CACHE } from "./sw/visitorShell";
import { sendApiToNetwork } from "./sw/networkRoutes";

declare const self: ServiceWorkerGlobalScope;

// Thumbnails, photos and the gallery's API go straight to the network, past this worker (Chromium).
sendApiToNetwork();
serveStreamedDownloads();
serveVisitorShell();

// A new version replaces the old at once (the shell is network-first, so nothing goes stale), and a visitor
// is never asked to update.
self.addEventListener("install", () => void self.skipWaiting());
// Claims the open gallery page, so a first-time visitor's large download can already stream; drops the
// caches of older shell versions.
self.addEventListener("activate", (event) =>
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("visitor-shell-") && name !== SHELL_CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  ),
);
