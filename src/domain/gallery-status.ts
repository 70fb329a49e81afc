/**
 * Gallery status and expiry rules (specification, section 4): not enabled = Dormant; enabled and an
 * expiration earlier than now = Expired; otherwise Active. "Expiring" means the expiration is 0 to 7 whole
 * days ahead, days rounded down.
 */
export type GalleryStatus = "Dormant" | "Expired" | "Active";

export interface GalleryDates {
  enabled: boolean;
  expirationDate?: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The dashboard's expiring window, in whole days. */
export const EXPIRING_WINDOW_DAYS = 7;

/** Parses ISO dates and PocketBase's "YYYY-MM-DD HH:MM:SS.sssZ"; blank or invalid gives null. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.includes(" ") ? value.replace(" ", "T") : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function galleryStatus(gallery: GalleryDates, now: Date): GalleryStatus {
  if (!gallery.enabled) return "Dormant";
  const expires = parseDate(gallery.expirationDate);
  if (expires && expires.getTime() < now.getTime()) return "Expired";
  return "Active";
}

/** Whole days from now until the expiration, rounded down; null without an expiration. */
export function daysUntilExpiry(gallery: GalleryDates, now: Date): number | null {
  const expires = parseDate(gallery.expirationDate);
  if (!expires) return null;
  return Math.floor((expires.getTime() - now.getTime()) / DAY_MS);
}

export function isExpiringSoon(gallery: GalleryDates, now: Date): boolean {
  const days = daysUntilExpiry(gallery, now);
  return days !== null && days >= 0 && days <= EXPIRING_WINDOW_DAYS;
}
