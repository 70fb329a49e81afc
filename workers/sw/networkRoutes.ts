/// <reference lib="webworker" />
/**
 * The server's API never passes through a service worker of ours: neither answers it (access is decided by
 * the server on every request), yet every request of a page the worker controls was dispatched to it
 * first (waking it if it slept) and only then went to the network: each photo upload, each thumbnail
 * of a visitor's grid, each sync request (issue 28). The Service Worker Static Routing API (Chromium 123
 * and later) lets the worker say so once, at install: the browser then sends `/api/` straight to the
 * network. Browsers without it keep the old way, which works the same, a little slower.
 */
declare const self: ServiceWorkerGlobalScope;

interface RouterInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: unknown) => Promise<void>;
}

/** Registers the install listener that adds the rule (routes can only be added while installing). */
export function sendApiToNetwork(): void {
  self.addEventListener("install", (event: RouterInstallEvent) => {
    if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return;
    // Every request whose path starts with /api/ goes to the network. A browser that refuses the rule
    // installs the worker all the same: its fetch listeners still pass /api/ on.
    event.waitUntil(event.addRoutes({ condition: { urlPattern: new URLPattern({ pathname: "/api/*" }) }, source: "network" }).catch(() => undefined));
  });
}
