/**
 * Registers the visitor's service worker (workers/gallery-sw.ts, built to /gallery-sw.js) for /gallery/ only.
 * It precaches nothing; it is there so that large zip downloads stream to disk.
 */
export const VISITOR_SW_URL = "/gallery-sw.js";

export function registerVisitorServiceWorker(): void {
  if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
  void navigator.serviceWorker.register(VISITOR_SW_URL, { scope: "/gallery/" }).catch(() => undefined);
}
