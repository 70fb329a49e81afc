/// <reference lib="webworker" />
/**
 * The visitor's offline shell: the gallery page and the visitor bundle's own files are kept as they are
 * fetched (nothing is precached, nothing of the owner's app), so a visitor who loses the network sees the
 * gallery's "You're Offline" page instead of the browser's error. API answers and photos are never cached
 * here: access is checked by the server on every request.
 */
declare const self: ServiceWorkerGlobalScope;

export const SHELL_CACHE = "visitor-shell-v1";
/** Hashed files of old deploys accumulate; keep at most this many (oldest dropped first). */
const MAX_ASSETS = 40;
const PAGE_KEY = "/gallery/__shell";

function isShellAsset(url: URL): boolean {
  return url.origin === self.location.origin && url.pathname.startsWith("/assets/") && /\.(js|css|woff2?)$/.test(url.pathname);
}

async function trim(cache: Cache): Promise<void> {
  const keys = (await cache.keys()).filter((k) => new URL(k.url).pathname.startsWith("/assets/"));
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

/** Network first for the page (its last copy kept for offline), cache first for content-hashed files. */
export function serveVisitorShell(): void {
  self.addEventListener("fetch", (event) => {
    const { request } = event;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (request.mode === "navigate" && url.pathname.startsWith("/gallery/")) {
      event.respondWith(
        fetch(request).then(
          async (response) => {
            if (response.ok) {
              const cache = await caches.open(SHELL_CACHE);
              await cache.put(PAGE_KEY, response.clone());
            }
            return response;
          },
          async (err: unknown) => {
            const cached = await (await caches.open(SHELL_CACHE)).match(PAGE_KEY);
            if (cached) return cached;
            throw err;
          },
        ),
      );
      return;
    }
    if (!isShellAsset(url)) return;
    event.respondWith(
      caches.open(SHELL_CACHE).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) {
          await cache.put(request, response.clone());
          await trim(cache);
        }
        return response;
      }),
    );
  });
}
