/**
 * The studio's look on the visitor pages: its primary colour, and the gallery's light or dark theme (issue 27)
 * as `data-theme` on <html> (src/ui/tokens.css). The server draws the page in it from the first frame
 * (pb_hooks/lib/handlers/visitor_pages.js: an open gallery's theme, its gate included); this keeps it as the page changes.
 */
import { useEffect } from "react";
import { isHexColor } from "../../domain/colors";
import type { GalleryTheme } from "../../domain/records";
import type { StudioBranding } from "./api";

export function useStudioTheme(studio: StudioBranding | null, theme: GalleryTheme = "light"): void {
  useEffect(() => {
    const color = studio?.primaryColor;
    if (isHexColor(color)) document.documentElement.style.setProperty("--primary", color);
  }, [studio?.primaryColor]);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === "dark") root.dataset.theme = "dark";
    else delete root.dataset.theme;
  }, [theme]);
}
