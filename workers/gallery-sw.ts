/// <reference lib="webworker" />
/**
 * The visitor's service worker, scoped to /gallery/: it caches nothing and only streams zip downloads
 * (`/gallery/__download/{id}/{name}`, sw/streamDownloads.ts). Every other request goes to the network as
 * if there were no worker. Built on its own (vite.config.ts) so that it carries none of the owner's code.
 */
import { serveStreamedDownloads } from "./sw/streamDownloads";

declare const self: ServiceWorkerGlobalScope;

serveStreamedDownloads();

// A new version replaces the old at once: there is no cache to keep consistent, and a visitor is never
// asked to update.
self.addEventListener("install", () => void self.skipWaiting());
// Claims the open gallery page, so a first-time visitor's large download can already stream.
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
