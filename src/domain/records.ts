/**
 * The synced records as the app and the server share them (specification, section 3). Dates are kept in
 * PocketBase's form ("2026-06-01 00:00:00.000Z", or "" for none) so local and server values compare equal.
 */
import { sameJson } from "../lib/canonical-json";
import { DEFAULT_EVENT_TYPE, DEFAULT_PRIMARY_COLOR, EVENT_TYPES, parsePbDate, pbDateAt } from "./contract";
import { createFields, SYNCED_FIELDS, type SyncedCollection } from "./registry";

export { DEFAULT_EVENT_TYPE, DEFAULT_PRIMARY_COLOR, EVENT_TYPES };
export type EventType = (typeof EVENT_TYPES)[number];

// The synced collections and their fields are declared once, in the registry (pb_hooks/lib/records/sync_registry.js).
export { SYNCED_FIELDS, type SyncedCollection };

/** A client's gallery in light or dark (issue 27). */
export const GALLERY_THEMES = ["light", "dark"] as const;
export type GalleryTheme = (typeof GALLERY_THEMES)[number];

/** A gallery's cover (issue 27): the photo full-bleed, the photo beside the text, or text only. */
export const COVER_STYLES = ["full", "split", "minimal"] as const;
export type CoverStyle = (typeof COVER_STYLES)[number];

/** A gallery's typeface pairing (issue 27): the system's fonts (nothing to download), or one of three self-hosted pairings. */
export const TYPEFACES = ["system", "classic", "modern", "elegant"] as const;
export type Typefaces = (typeof TYPEFACES)[number];

export interface ClientFields {
  name: string;
  email: string;
  eventType: EventType;
  eventDate: string;
  notes: string;
  accessUrl: string;
  accessCode: string;
  /** When the gallery closes: the end of `expiryDay` in the studio's time zone, as the server derives it (pb_hooks/lib/core/expiry.js). */
  expirationDate: string;
  /** The expiry as the day the owner chose ("YYYY-MM-DD", "" for none; absent in older rows): a change of the studio's zone never moves it. */
  expiryDay?: string;
  enabled: boolean;
  /** What visitors may download (pb_hooks/lib/rules/delivery_rules.js); "" from before it existed means originals. */
  downloadMode: DownloadMode | "";
  /** Optional 4-digit PIN asked before the first download of a session; "" for none. */
  downloadPin: string;
  /** When the owner last asked to email the gallery to the client (ms); the server sends each value once. */
  galleryEmailAt: number;
  /** Expiry reminders off for this gallery. */
  noReminders: boolean;
  /** The gallery's cover photo: an image id of this client, or "" for the first image (rows stored before it existed lack it). */
  coverImage?: string;
  /** Originals that are not JPEG go out as shot or as a full-size JPEG made on the device (issue 25); "" (older rows) is as shot. */
  originalsAs?: OriginalsAs | "";
  /** The gallery's language (issue 27): one of LOCALES, or "" (absent in older rows) for the visitor's browser language, then the studio's default. */
  language?: string;
  /** The gallery's theme (issue 27): "light", "dark", or "" (absent in older rows) for the studio's default. */
  galleryTheme?: GalleryTheme | "";
  /** The gallery's cover style (issue 27); "" (absent in older rows) for the studio's default. */
  coverStyle?: CoverStyle | "";
  /** The gallery's typeface pairing (issue 27); "" (absent in older rows) for the studio's default. */
  typefaces?: Typefaces | "";
  /** In the trash since (issue 43): a PocketBase date, "" (or absent, older rows) while live. */
  trashedAt?: string;
}

export const DOWNLOAD_MODES = ["off", "web", "originals"] as const;
export type DownloadMode = (typeof DOWNLOAD_MODES)[number];

export const ORIGINALS_AS = ["shot", "jpeg"] as const;
export type OriginalsAs = (typeof ORIGINALS_AS)[number];

export interface ImageFields {
  client: string;
  filename: string;
  originalName: string;
  fileSize: number;
  mimeType: string;
  width: number;
  height: number;
  checksum: string;
  /** CRC-32 of the original, 8 hex digits, computed at import; "" or absent when unknown (older images). */
  crc32?: string;
  /** ThumbHash (base64) shown until the photo arrives; "" for images from before it existed. */
  placeholder: string;
  metadata: Record<string, unknown> | null;
  uploadedAt: string;
  /** The set (sub-gallery) the photo is in, an id of a set of its client; "" or absent for none (issue 26). */
  set?: string;
  /** "video" for a clip (issue 38); "" or "photo" (absent in older rows) for a photo. */
  kind?: MediaKind | "";
  /** A clip's length in seconds; 0 (or absent) for a photo. */
  duration?: number;
  /** A clip's web version (issue 38): "" none yet, "made" (the webVideo file), "original" (the original plays everywhere), "unsupported" (delivered as shot). */
  webStatus?: WebStatus | "";
  /** In the trash since (issue 43): a PocketBase date, "" (or absent, older rows) while live. */
  trashedAt?: string;
}

export const MEDIA_KINDS = ["photo", "video"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const WEB_STATUSES = ["made", "original", "unsupported"] as const;
export type WebStatus = (typeof WEB_STATUSES)[number];

/** A clip, not a photo (issue 38). */
export function isVideo(item: { kind?: string | null }): boolean {
  return item.kind === "video";
}

/** A set of a gallery (issue 26): a tab of the visitor's gallery ("Ceremony"), in `position` order. */
export interface SetFields {
  client: string;
  name: string;
  position: number;
  /** In the trash since (issue 43): a PocketBase date, "" (or absent, older rows) while live. */
  trashedAt?: string;
}

export interface SettingsFields {
  companyName: string;
  email: string;
  websiteUrl: string;
  /** The public URL of this server for access messages; empty means the app's origin. */
  galleryUrl: string;
  primaryColor: string;
  enableWatermark: boolean;
  /** IANA time zone of the studio: expiry dates end at midnight there ("" until the owner's device sets it). */
  timeZone: string;
  /** The gallery email's text with {client} {link} {code} {studio} {expiry}; "" for the default. */
  emailTemplate: string;
  /** Expiry reminders off for the whole studio. */
  noReminders: boolean;
  /** The largest original accepted, MB (1-200); 0 for the default 20 (domain/original-limit.ts). */
  maxOriginalMB: number;
  /** The largest clip accepted, MB; 0 (or absent, older rows) for the default 4096 (domain/original-limit.ts, issue 38). */
  maxVideoMB?: number;
  /** The studio's default language for galleries (issue 27): one of LOCALES, "" (or absent, older rows) for English. */
  language?: string;
  /** The studio's default gallery theme (issue 27); "" (or absent, older rows) is light. */
  galleryTheme?: GalleryTheme | "";
  /** The studio's default cover style (issue 27); "" (or absent, older rows) is "full". */
  coverStyle?: CoverStyle | "";
  /** The studio's default typeface pairing (issue 27); "" (or absent, older rows) is "system". */
  typefaces?: Typefaces | "";
  /** Days a trashed record is kept before the server deletes it for good (issue 43); 0 (or absent) for the default, 30. */
  trashDays?: number;
}

/** The values an image's create carries (what 'Send again' of a photo deleted elsewhere sends again). */
export const IMAGE_CREATE_FIELDS = createFields("images") as ReadonlyArray<keyof ImageFields>;

/** "2026-06-01" (a date input's value) or any parseable date -> PocketBase's form; blank stays blank. */
export function toPbDate(value: string): string {
  if (!value) return "";
  const ms = parsePbDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (ms === null) throw new Error(`Not a date: ${value}`);
  return pbDateAt(ms);
}

/**
 * Values compare as JSON values (metadata is an object): keys in any order, at any depth, are the same
 * value, so the server's key order never makes a conflict (issue 23).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return sameJson(a, b);
}
