/** Texts of the app's frame (both entries): the error boundary's page. */
export const APP_TEXTS = {
  loadFailedTitle: "This page could not load",
  loadFailedText: "A new version may have been published, or the connection dropped. Reload to try again.",
  reload: "Reload",
} as const;
