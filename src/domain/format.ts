/**
 * Display formats of the specification, section 9: byte sizes, dates, truncated names, initials. The one
 * place dates, times, numbers and sizes are formatted for the screens (issues 25 and 27), always with `Intl`
 * in the active locale (src/lib/i18n): calendar dates and the date of a moment in the long format
 * ("January 5, 2026" in English as section 9 words it, "5. Januar 2026" in German), times of day as the
 * locale writes them ("13:36" or "1:36 PM"), never a hard-wired format.
 */
import { activeLocale } from "../lib/i18n/i18n";
import { parsePbDate } from "./contract";

/** Byte units by language: French writes octets (Ko, Mo); the others keep KB, MB. */
const BYTE_UNITS: Record<string, readonly string[]> = {
  en: ["Bytes", "KB", "MB", "GB", "TB"],
  de: ["Byte", "KB", "MB", "GB", "TB"],
  fr: ["octets", "Ko", "Mo", "Go", "To"],
  es: ["bytes", "KB", "MB", "GB", "TB"],
  it: ["byte", "KB", "MB", "GB", "TB"],
  "pt-BR": ["bytes", "KB", "MB", "GB", "TB"],
  nl: ["bytes", "KB", "MB", "GB", "TB"],
};

/** One `Intl` formatter per locale and options, made on first use. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A number in the active locale: 1234.5 -> "1,234.5" (English), "1.234,5" (German). */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  const locale = activeLocale();
  return cached(`n:${locale}:${maximumFractionDigits}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits })).format(value);
}

/** Base 1024, at most 2 decimals, in the active locale: 0 -> "0 Bytes", 1536 -> "1.5 KB" ("1,5 KB" in German). */
export function formatBytes(bytes: number): string {
  const units = BYTE_UNITS[activeLocale()] ?? BYTE_UNITS.en!;
  if (!Number.isFinite(bytes) || bytes <= 0) return `${formatNumber(0)} ${units[0]}`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${formatNumber(parseFloat(value.toFixed(2)))} ${units[exponent]}`;
}

const LONG_DATE = { year: "numeric", month: "long", day: "numeric" } satisfies Intl.DateTimeFormatOptions;

function dateFormat(timeZone: string | undefined, locale: string = activeLocale()): Intl.DateTimeFormat {
  return cached(`d:${locale}:${timeZone ?? ""}`, () => new Intl.DateTimeFormat(locale, { ...LONG_DATE, timeZone }));
}

/**
 * The long date in the active locale: "January 5, 2026". Dates are calendar dates stored at UTC midnight,
 * so they are shown in UTC to read the same day everywhere.
 */
export function formatDate(date: Date): string {
  return dateFormat("UTC").format(date);
}

/** Optional overrides for tests; the screens pass none (the active locale, the device's time zone). */
export interface ClockOptions {
  locale?: string;
  timeZone?: string;
}

const TIME_OPTIONS = { hour: "numeric", minute: "2-digit" } satisfies Intl.DateTimeFormatOptions;

/** A time of day as the active locale writes it, in the device's time zone: "13:36" or "1:36 PM". */
export function formatTime(date: Date, options?: ClockOptions): string {
  const locale = options?.locale ?? activeLocale();
  return cached(`t:${locale}:${options?.timeZone ?? ""}`, () => new Intl.DateTimeFormat(locale, { ...TIME_OPTIONS, timeZone: options?.timeZone })).format(date);
}

/**
 * A moment (a visit, a sync, an email, a wrong code) in the device's time zone: the long date, then the time
 * as the device writes it: "November 24, 2026, 13:33".
 */
export function formatDateTime(date: Date, options?: ClockOptions): string {
  return `${dateFormat(options?.timeZone, options?.locale).format(date)}, ${formatTime(date, options)}`;
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
