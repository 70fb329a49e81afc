/**
 * Registers the service worker (workers/sw.ts) that precaches the app shell, so the app opens offline.
 * A new version waits until the user accepts the update prompt; then it takes over and the page reloads.
 * Until a worker controls the page (a first visit while the precache fills), the app is not ready for
 * offline work: the photo tools' code would not load without a network, and the sync status says so.
 * An app left open looks for a new version on an interval and when its tab is shown again (updateCheck.ts).
 */
import { Workbox } from "workbox-window";
import { useAppUpdate } from "../state/sw-update";
import { watchForUpdates } from "./updateCheck";

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
  wb.register().then(
    (registration) => {
      if (registration) watchForUpdates(() => wb.update());
    },
    (err: unknown) => {
      if (err instanceof DOMException && err.name === "SecurityError") setOfflineReady(null);
    },
  );
}
