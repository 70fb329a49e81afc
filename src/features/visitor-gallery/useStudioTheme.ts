/** The studio's primary colour on the visitor pages. */
import { useEffect } from "react";
import type { StudioBranding } from "./api";

export function useStudioTheme(studio: StudioBranding | null): void {
  useEffect(() => {
    const color = studio?.primaryColor;
    if (color && /^#[0-9a-fA-F]{6}$/.test(color)) document.documentElement.style.setProperty("--primary", color);
  }, [studio?.primaryColor]);
}
