/** The studio's primary colour on the visitor pages. */
import { useEffect } from "react";
import { isHexColor } from "../../domain/colors";
import type { StudioBranding } from "./api";

export function useStudioTheme(studio: StudioBranding | null): void {
  useEffect(() => {
    const color = studio?.primaryColor;
    if (isHexColor(color)) document.documentElement.style.setProperty("--primary", color);
  }, [studio?.primaryColor]);
}
