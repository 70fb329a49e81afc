/**
 * Registers the service worker (workers/sw.ts) that precaches the app shell, so the app opens offline.
 * A new version waits until the user accepts the update prompt; then it takes over and the page reloads.
 */
import { Workbox } from "workbox-window";
import { useAppUpdate } from "../state/sw-update";

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
  const wb = new Workbox("/sw.js", { scope: "/" });
  wb.addEventListener("waiting", () => {
    useAppUpdate.getState().setWaiting(() => {
      wb.addEventListener("controlling", () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  void wb.register();
}
