/**
 * The studio's name and contact remembered on this device (issue 43): a gallery whose server fails or does
 * not answer (a proxy's 502 during an upgrade) still names the studio and offers its email, from the last
 * answer that brought them. Only what the studio publishes on every visitor page; never a client's data.
 */
import type { StudioBranding } from "../api";

const KEY = "studio-gallery.studio";

export function rememberStudio(studio: StudioBranding | null): void {
  if (!studio) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ companyName: studio.companyName, email: studio.email }));
  } catch {
    // storage refused: nothing is remembered
  }
}

/** The remembered studio (its logo left out: it is served by the server that failed), or null. */
export function rememberedStudio(): StudioBranding | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null") as { companyName?: unknown; email?: unknown } | null;
    if (!saved || typeof saved.companyName !== "string" || typeof saved.email !== "string") return null;
    return { companyName: saved.companyName, email: saved.email, websiteUrl: "", primaryColor: "", enableWatermark: false, logoUrl: "" };
  } catch {
    return null;
  }
}
