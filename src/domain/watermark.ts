/**
 * The watermark signature: which watermark the studio's settings ask for right now (none, the studio's
 * name, or its logo file). Import records it in each image's `metadata.watermark` (a synced field, so
 * every device knows), and 'Re-apply watermark' compares it with the current one: previews made before
 * the name or logo changed, or before signatures were recorded, are the ones to re-render.
 */

export const NO_WATERMARK = "none";

/** Mirrors the media worker's choice (workers/image/processImage.ts): the logo when there is one, else the name. */
export function watermarkSignature(settings: { enableWatermark: boolean; companyName: string; logo: string } | null | undefined): string {
  if (!settings?.enableWatermark) return NO_WATERMARK;
  if (settings.logo) return `logo:${settings.logo}`;
  return settings.companyName ? `text:${settings.companyName}` : NO_WATERMARK;
}

/** The signature an image's previews were made with; "" when not recorded (imported before signatures). */
export function imageWatermark(metadata: Record<string, unknown> | null | undefined): string {
  const value = metadata?.watermark;
  return typeof value === "string" ? value : "";
}

/** Whether an image's watermarked sizes differ from what the settings ask for now. */
export function needsWatermark(metadata: Record<string, unknown> | null | undefined, current: string): boolean {
  return imageWatermark(metadata) !== current;
}
