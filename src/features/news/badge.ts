/** The installed app's icon counts the owner's news (issue 43), through the Badging API where the browser has it. */

/** Shows `count` on the app's icon (cleared at none); a browser without the API, or one that refuses, is left alone. */
export function showBadge(count: number, nav: Partial<Pick<Navigator, "setAppBadge" | "clearAppBadge">> = typeof navigator === "undefined" ? {} : navigator): void {
  try {
    const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    void done?.catch(() => undefined);
  } catch {
    // not allowed here (an insecure origin, a browser without badges)
  }
}
