/**
 * Display formats of the specification, section 9: byte sizes, dates, truncated names, initials. The one
 * place dates and times are formatted for the screens (issue 25): calendar dates and the date of a moment
 * in the specification's long format ("January 5, 2026", US English as section 9 words it), times of day as
 * the device writes them (`Intl` with the device's locale: "13:36" or "1:36 PM"), never a hard-wired clock.
 */
import { parsePbDate } from "./contract";

const BYTE_UNITS = ["Bytes", "KB", "MB", "GB", "TB"] as const;

/** Base 1024, at most 2 decimals: 0 -> "0 Bytes", 1536 -> "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${parseFloat(value.toFixed(2))} ${BYTE_UNITS[exponent]}`;
}

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * US English, long month, day, numeric year: "January 5, 2026". Dates are calendar dates stored at UTC
 * midnight, so they are shown in UTC to read the same day everywhere.
 */
export function formatDate(date: Date): string {
  return DATE_FORMAT.format(date);
}

/** Optional overrides for tests; the screens pass none (the device's locale and time zone). */
export interface ClockOptions {
  locale?: string;
  timeZone?: string;
}

const TIME_OPTIONS = { hour: "numeric", minute: "2-digit" } satisfies Intl.DateTimeFormatOptions;
const DEVICE_TIME = new Intl.DateTimeFormat(undefined, TIME_OPTIONS);
const DEVICE_DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

/** A time of day as the device writes it, in its time zone: "13:36" or "1:36 PM". */
export function formatTime(date: Date, options?: ClockOptions): string {
  return (options ? new Intl.DateTimeFormat(options.locale, { ...TIME_OPTIONS, timeZone: options.timeZone }) : DEVICE_TIME).format(date);
}

/**
 * A moment (a visit, a sync, an email, a wrong code) in the device's time zone: the long date, then the time
 * as the device writes it: "November 24, 2026, 13:33".
 */
export function formatDateTime(date: Date, options?: ClockOptions): string {
  const day = options?.timeZone ? new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: options.timeZone }) : DEVICE_DAY;
  return `${day.format(date)}, ${formatTime(date, options)}`;
}

/** A moment the server sent in PocketBase's form ("2026-11-24 13:33:30.000Z") as formatDateTime; "" for none. */
export function formatMoment(value: string | null | undefined, options?: ClockOptions): string {
  const ms = parsePbDate(value);
  return ms === null ? "" : formatDateTime(new Date(ms), options);
}

/** File names over `max` (20) characters are shortened with an ellipsis, keeping the extension. */
export function truncateFileName(name: string, max = 20): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : "";
  const keep = Math.max(1, max - extension.length - 1);
  return `${name.slice(0, keep)}…${extension}`;
}

/** The gallery sidebar's names: at most 15 characters, then an ellipsis. */
export function truncateName(name: string, max = 15): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}

/** First letter of the first and of the last word, upper-cased: "Ada Lovelace" -> "AL", "ada" -> "A". */
export function initials(label: string): string {
  const words = label.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : "";
  return (first + last).toUpperCase();
}

/** A gallery's zip: '{client name}_images.zip' (specification, section 7), safe as a file name. */
export function galleryZipName(name: string): string {
  return `${(name || "gallery").replace(/[\\/:*?"<>|]+/g, "_")}_images.zip`;
}
