/**
 * Applies the studio's primary colour (from the settings on this device) to the app's theme: the CSS
 * variable every component uses, and the browser's theme-color.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { DEFAULT_PRIMARY_COLOR } from "../domain/records";
import { db } from "../store/db";

export function applyThemeColor(color: string): void {
  const valid = /^#[0-9a-fA-F]{6}$/.test(color) ? color : DEFAULT_PRIMARY_COLOR;
  document.documentElement.style.setProperty("--primary", valid);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", valid);
}

export function useThemeColor(): void {
  const color = useLiveQuery(async () => (await db.settings.toCollection().first())?.primaryColor);
  useEffect(() => {
    if (color) applyThemeColor(color);
  }, [color]);
}
