/**
 * The synced records as the app and the server share them (specification, section 3). Dates are kept in
 * PocketBase's form ("2026-06-01 00:00:00.000Z", or "" for none) so local and server values compare equal.
 */
import { DEFAULT_EVENT_TYPE, DEFAULT_PRIMARY_COLOR, EVENT_TYPES } from "./contract";

export { DEFAULT_EVENT_TYPE, DEFAULT_PRIMARY_COLOR, EVENT_TYPES };
export type EventType = (typeof EVENT_TYPES)[number];

export type SyncedCollection = "clients" | "images" | "settings";

export interface ClientFields {
  name: string;
  email: string;
  eventType: EventType;
  eventDate: string;
  notes: string;
  accessUrl: string;
  accessCode: string;
  expirationDate: string;
  enabled: boolean;
  /** The gallery's cover photo: an image id of this client, or "" for the first image (rows stored before it existed lack it). */
  coverImage?: string;
}

export interface ImageFields {
  client: string;
  filename: string;
  originalName: string;
  fileSize: number;
  mimeType: string;
  width: number;
  height: number;
  checksum: string;
  /** ThumbHash (base64) shown until the photo arrives; "" for images from before it existed. */
  placeholder: string;
  metadata: Record<string, unknown> | null;
  uploadedAt: string;
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
}

/** Fields whose edits sync with per-field newest-wins (the same lists as pb_hooks/lib/sync_rules.js). */
export const SYNCED_FIELDS = {
  clients: ["name", "email", "eventType", "eventDate", "notes", "accessUrl", "accessCode", "expirationDate", "enabled", "coverImage"],
  images: ["filename", "originalName", "metadata"],
  settings: ["companyName", "email", "websiteUrl", "galleryUrl", "primaryColor", "enableWatermark", "timeZone"],
} as const satisfies Record<SyncedCollection, readonly string[]>;

/** "2026-06-01" (a date input's value) or any parseable date -> PocketBase's form; blank stays blank. */
export function toPbDate(value: string): string {
  if (!value) return "";
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value.replace(" ", "T"));
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${value}`);
  return date.toISOString().replace("T", " ");
}

/** Values compare by their JSON form (metadata is an object). */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
