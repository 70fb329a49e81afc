/**
 * The owner's app in light or dark (issue 27): "system" follows the device's prefers-color-scheme, "light" and
 * "dark" force either. A device setting like the language (src/state/catalogues.ts), kept in localStorage; it
 * is applied as `data-theme` on <html>, which src/ui/tokens.css turns into `color-scheme`.
 */
export const APPEARANCES = ["system", "light", "dark"] as const;
export type Appearance = (typeof APPEARANCES)[number];

const KEY = "studio-gallery.appearance";

export function isAppearance(value: unknown): value is Appearance {
  return typeof value === "string" && (APPEARANCES as readonly string[]).includes(value);
}

/** This device's choice; "system" when none (or storage refused). */
export function chosenAppearance(): Appearance {
  try {
    const value = localStorage.getItem(KEY);
    return isAppearance(value) ? value : "system";
  } catch {
    return "system";
  }
}

/** Sets the page's theme to `appearance` (the owner's app calls it once as it starts, with the device's choice). */
export function applyAppearance(appearance: Appearance = chosenAppearance()): void {
  document.documentElement.dataset.theme = appearance;
}

/** A choice from Settings > Appearance: remembered on this device and applied at once (no reload needed). */
export function chooseAppearance(appearance: Appearance): void {
  try {
    if (appearance === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, appearance);
  } catch {
    // storage refused: the choice lasts this page
  }
  applyAppearance(appearance);
}
