/**
 * A clip's poster: a full-size JPEG of a frame a tenth of the way in (a later one when that frame is black:
 * a fade-in), upright as the clip is shown. For a clip this device cannot decode, a generic tile of the
 * clip's proportions: dark, a play mark, the duration; so grids, covers and sets treat every clip as a photo.
 */
import { CanvasSink } from "mediabunny";
import { VideoError, type VideoProbe } from "../../src/domain/video";
import { formatDuration, posterTimes } from "./plan";
import { openInput, videoTrackOf } from "./probe";

const JPEG_QUALITY = 0.9;
/** A frame whose mean brightness (0..255) is under this is black: look further in. */
const BLACK_LUMA = 16;
const TILE_LONG_EDGE = 1280;

export async function posterFrame(file: Blob, probe: VideoProbe): Promise<Blob> {
  if (!probe.canDecode) return genericTile(probe);
  const input = openInput(file);
  try {
    const { track } = await videoTrackOf(input);
    const sink = new CanvasSink(track, { width: probe.width, height: probe.height, fit: "fill" });
    const first = await track.getFirstTimestamp().catch(() => 0);
    let fallback: OffscreenCanvas | null = null;
    for await (const wrapped of sink.canvasesAtTimestamps(posterTimes(probe.durationS, first))) {
      if (!wrapped) continue;
      const canvas = wrapped.canvas as OffscreenCanvas;
      fallback ??= canvas;
      if (meanLuma(canvas) >= BLACK_LUMA) return await canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
    }
    if (fallback) return await fallback.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
    // No frame at the poster times (a clip whose frames all start later than its index says): the first one.
    const wrapped = await sink.getCanvas(first);
    if (!wrapped) throw new VideoError("corrupt");
    return await (wrapped.canvas as OffscreenCanvas).convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
  } catch (err) {
    if (err instanceof VideoError) throw err;
    throw new VideoError("corrupt", { detail: err instanceof Error ? err.message.slice(0, 200) : String(err) });
  } finally {
    input.dispose();
  }
}

/** Mean brightness of a frame, from a 32 x 32 copy. */
function meanLuma(canvas: OffscreenCanvas): number {
  const small = new OffscreenCanvas(32, 32);
  const ctx = small.getContext("2d", { willReadFrequently: true })!;
  ctx.drawImage(canvas, 0, 0, 32, 32);
  const data = ctx.getImageData(0, 0, 32, 32).data;
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  return sum / (data.length / 4);
}

/** The tile of a clip this device cannot decode: the clip's proportions, a play mark, its duration. */
export async function genericTile(probe: Pick<VideoProbe, "width" | "height" | "durationS">): Promise<Blob> {
  const aspect = probe.width > 0 && probe.height > 0 ? probe.width / probe.height : 16 / 9;
  const width = aspect >= 1 ? TILE_LONG_EDGE : Math.round(TILE_LONG_EDGE * aspect);
  const height = aspect >= 1 ? Math.round(TILE_LONG_EDGE / aspect) : TILE_LONG_EDGE;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  const gradient = ctx.createLinearGradient(0, 0, 0, height);
  gradient.addColorStop(0, "#2b2b30");
  gradient.addColorStop(1, "#151518");
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  const short = Math.min(width, height);
  const r = short * 0.14;
  const cx = width / 2;
  const cy = height / 2;
  ctx.fillStyle = "rgba(255, 255, 255, 0.16)";
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = "#ffffff";
  ctx.beginPath();
  ctx.moveTo(cx - r * 0.32, cy - r * 0.45);
  ctx.lineTo(cx + r * 0.5, cy);
  ctx.lineTo(cx - r * 0.32, cy + r * 0.45);
  ctx.closePath();
  ctx.fill();
  ctx.font = `600 ${Math.round(short * 0.07)}px system-ui, sans-serif`;
  ctx.textAlign = "right";
  ctx.textBaseline = "bottom";
  ctx.fillText(formatDuration(probe.durationS), width - short * 0.05, height - short * 0.05);
  return canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
}
