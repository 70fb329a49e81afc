/**
 * A clip's length as people read it on a tile (issue 38): "0:07", "3:25", "1:02:09". Whole seconds, rounded
 * down (a 2.9 s clip is "0:02", never more than it lasts); nothing for a length that is not a number.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return "";
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
