/**
 * The studio's watermark on previews: its name, or its logo when it has one, in the bottom-right corner,
 * semi-transparent, sized from the picture so that it reads the same on a portrait and a panorama.
 * Drawn only on previews (what visitors browse); originals stay untouched.
 */
export const WATERMARK_ALPHA = 0.5;

export type Watermark = { text: string; logo?: undefined } | { text?: string; logo: ImageBitmap };

/** The part of a 2D context the watermark uses (OffscreenCanvas in workers; tests record the calls). */
export interface WatermarkContext {
  globalAlpha: number;
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  shadowColor: string;
  shadowBlur: number;
  save(): void;
  restore(): void;
  fillText(text: string, x: number, y: number): void;
  drawImage(image: CanvasImageSource, dx: number, dy: number, dw: number, dh: number): void;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a logo of the given size goes on a picture: a fifth of the shorter side at most, bottom-right. */
export function logoBox(pictureWidth: number, pictureHeight: number, logoWidth: number, logoHeight: number): Box {
  const shorter = Math.min(pictureWidth, pictureHeight);
  const margin = Math.round(shorter * 0.03);
  const scale = Math.min((shorter * 0.2) / Math.max(logoWidth, logoHeight), 1);
  const width = Math.max(1, Math.round(logoWidth * scale));
  const height = Math.max(1, Math.round(logoHeight * scale));
  return { x: pictureWidth - margin - width, y: pictureHeight - margin - height, width, height };
}

export function drawWatermark(ctx: WatermarkContext, width: number, height: number, mark: Watermark): void {
  const shorter = Math.min(width, height);
  const margin = Math.round(shorter * 0.03);
  ctx.save();
  ctx.globalAlpha = WATERMARK_ALPHA;
  if (mark.logo) {
    const box = logoBox(width, height, mark.logo.width, mark.logo.height);
    ctx.drawImage(mark.logo, box.x, box.y, box.width, box.height);
  } else if (mark.text) {
    ctx.font = `600 ${Math.max(12, Math.round(shorter * 0.045))}px system-ui, sans-serif`;
    ctx.fillStyle = "#ffffff";
    ctx.shadowColor = "rgba(0, 0, 0, 0.6)";
    ctx.shadowBlur = Math.max(2, Math.round(shorter * 0.006));
    ctx.textAlign = "right";
    ctx.textBaseline = "bottom";
    ctx.fillText(mark.text, width - margin, height - margin);
  }
  ctx.restore();
}
