/** Texts of downloads (specification, sections 2, 4 and 8). */
import { icu, localized } from "../../lib/i18n/i18n";

export const DOWNLOAD_TEXTS = localized("downloads", {
  preparing: "Preparing Your Download",
  complete: "Download Complete",
  completeWithIssues: "Download Completed with Issues",
  downloadNow: "Download Now",
  done: "Done",
  close: "Close",
  total: "Total progress",
  status: { queued: "Queued", downloading: "Downloading", success: "Done", error: "Error" },
  failedFallback: "Download failed",
  failedFile: icu<[statusText: string]>("Failed to download image: {statusText}", "statusText"),
  couldNotStart: "The download could not start.",
  zipArchive: "Zip archive",
  downloadFailed: "Download Failed",
  downloadFailedSelected: "Failed to download selected images. Please try again.",
  downloadFailedSingle: "There was an error downloading the image.",
  downloadReady: "Download Ready",
  downloadReadyText: "Your image has been downloaded.",
  downloadStarted: "Download Started",
  downloadStartedText: icu<[n: number]>("Downloading {n, plural, one {# image} other {# images}}.", "n"),
});
