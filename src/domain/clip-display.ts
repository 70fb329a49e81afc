/**
 * How a clip is shown (issue 38): its length as video players write it, the name of its codec for the
 * owner, and the type string a browser is asked whether it can play (`canPlayType`). Pure.
 */

/**
 * A clip's length as players show it: minutes and seconds ("0:07", "3:05", "12:40"), with hours from one hour
 * on ("1:02:03"). Rounded to the second; a clip shorter than half a second still says "0:01", and a length
 * that is not a positive number "0:00". Digits and colons are the same in every language the app speaks.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.round(seconds)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Codec names as a photographer reads them, from mediabunny's ("avc", "hevc"...). */
const CODEC_NAMES: Record<string, string> = { avc: "H.264", hevc: "HEVC (H.265)", vp8: "VP8", vp9: "VP9", av1: "AV1", aac: "AAC", opus: "Opus", mp3: "MP3" };

export function codecName(codec: string): string {
  return CODEC_NAMES[codec] ?? codec.toUpperCase();
}

/** RFC 6381 strings for asking a browser about a codec: a common profile of each (canPlayType answers by family). */
const CODEC_STRINGS: Record<string, string> = {
  avc: "avc1.640028",
  hevc: "hvc1.1.6.L123.B0",
  vp8: "vp8",
  vp9: "vp09.00.40.08",
  av1: "av01.0.08M.08",
  aac: "mp4a.40.2",
  opus: "opus",
  mp3: "mp3",
};

/**
 * The type to ask `canPlayType` about for a file of `mimeType` with these codecs; "" when a codec is unknown
 * (the browser is then asked about the container alone). QuickTime and M4V files are asked about as MP4:
 * browsers read them with their MP4 reader, and Chromium answers "" for video/quicktime whatever it holds.
 */
export function playableType(mimeType: string, videoCodec: string, audioCodec: string | null = null): string {
  const container = mimeType === "video/quicktime" || mimeType === "video/x-m4v" ? "video/mp4" : mimeType;
  const codecs = [videoCodec, ...(audioCodec ? [audioCodec] : [])].map((c) => CODEC_STRINGS[c]);
  if (!videoCodec || codecs.some((c) => !c)) return container;
  return `${container}; codecs="${codecs.join(", ")}"`;
}
