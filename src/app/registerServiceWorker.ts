/**
 * Registers the service worker (workers/sw.ts) that precaches the app shell, so the app opens offline.
 * A new version waits until the user accepts the update prompt; then it takes over and the page reloads.
 * Until a worker controls the page (a first visit while the precache fills), the app is not ready for
 * offline work: the photo tools' code would not load without a network, and the sync status says so.
 */
import { Workbox } from "workbox-window";
import { useAppUpdate } from "../state/sw-update";

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
  const { setOfflineReady } = useAppUpdate.getState();
  setOfflineReady(!!navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => setOfflineReady(!!navigator.serviceWorker.controller));
  const wb = new Workbox("/sw.js", { scope: "/" });
  wb.addEventListener("waiting", () => {
    useAppUpdate.getState().setWaiting(() => {
      wb.addEventListener("controlling", () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  // A browser that refuses the worker (site data blocked: a SecurityError) will never be ready: nothing to
  // wait for, so the header does not say "Getting ready" for ever. A network failure may pass: still not ready.
  wb.register().catch((err: unknown) => {
    if (err instanceof DOMException && err.name === "SecurityError") setOfflineReady(null);
  });
}
