/** Why a photo's worker job failed, shown beside the file in the import and converter lists. */
import { localized } from "../lib/i18n/i18n";

export const WORKER_TEXTS = localized("workers", {
  /** The worker died during a job: most often a file too large to decode in this device's memory. */
  stopped: "The image worker stopped (the file may be too large for this device's memory).",
  /** Offline, and the app's offline copy (the service worker's cache) is not ready: the worker's code cannot load. */
  notReadyOffline: "The photo tools are not on this device yet. Connect to the internet once so the app can finish getting ready for offline work, then try again.",
});
