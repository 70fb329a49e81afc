/**
 * Applies the studio's primary colour (from the settings on this device) to the app's theme: the CSS
 * variable every component uses, and the browser's theme-color.
 */
import { useEffect } from "react";
import { themeColor } from "../domain/colors";
import { useSettingsRow } from "../features/settings/useSettingsRow";

export function applyThemeColor(color: string): void {
  const valid = themeColor(color);
  document.documentElement.style.setProperty("--primary", valid);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", valid);
}

export function useThemeColor(): void {
  const color = useSettingsRow()?.primaryColor;
  useEffect(() => {
    if (color) applyThemeColor(color);
  }, [color]);
}
