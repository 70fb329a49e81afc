/**
 * Gallery status and expiry rules (specification, section 4): not enabled = Dormant; enabled and an
 * expiration earlier than now = Expired; otherwise Active. "Expiring" means the expiration is 0 to 7 whole
 * days ahead, days rounded down.
 */
import { contractGalleryStatus, expiryDay, parsePbDate, type GalleryStatus } from "./contract";

export type { GalleryStatus };

export interface GalleryDates {
  enabled: boolean;
  expirationDate?: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The dashboard's expiring window, in whole days. */
export const EXPIRING_WINDOW_DAYS = 7;

/** Parses ISO dates and PocketBase's "YYYY-MM-DD HH:MM:SS.sssZ"; blank or invalid gives null. */
export function parseDate(value: string | null | undefined): Date | null {
  const ms = parsePbDate(value);
  return ms === null ? null : new Date(ms);
}

/**
 * The day the owner chose for a gallery's expiry ("YYYY-MM-DD", "" for none): its `expiryDay`, or for a row
 * stored before the day was kept, the day its instant ends in the studio's time zone.
 */
export function chosenExpiryDay(row: { expirationDate?: string | null; expiryDay?: string }, timeZone: string): string {
  return row.expiryDay || expiryDay(row.expirationDate, timeZone);
}

/** The contract's rule (the server answers by the same function). */
export function galleryStatus(gallery: GalleryDates, now: Date): GalleryStatus {
  return contractGalleryStatus(gallery, now.getTime());
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
