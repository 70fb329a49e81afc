/**
 * Rows of the device's database. A synced row holds the current local values (with edits not yet
 * pushed) plus what sync needs: the last known server values (`server`, null until the server has the
 * record), the server's `updated` of that state, and the per-field edit times on the server's clock.
 */
import type { ImportJournal } from "../domain/imports";
import type { ClientFields, ImageFields, SetFields, SettingsFields, SyncedCollection } from "../domain/records";

export interface SyncMeta {
  server: Record<string, unknown> | null;
  serverUpdated: string;
  fieldTimes: Record<string, number>;
}

export interface ClientRow extends ClientFields, SyncMeta {
  id: string;
  /** When the client was created (ISO); orders the lists. */
  createdAt: string;
}

export interface ImageFiles {
  original: string;
  thumbnail: string;
  medium: string;
  large: string;
  preview: string;
  /** The full-size JPEG of a non-JPEG original (issue 25); absent on rows stored before it existed. */
  jpeg?: string;
  /** A clip's web version (issue 38); absent on photos and older rows. */
  webVideo?: string;
}

export interface ImageRow extends ImageFields, SyncMeta {
  id: string;
  /** File names on the server; "" while a file has not been uploaded. */
  files: ImageFiles;
}

/**
 * Image bytes kept on the device: the original until it is uploaded, thumbnail and preview always, the
 * medium and large sizes until they are uploaded (the owner's screens use thumbnail and preview only).
 */
export interface ImageBlobRow {
  id: string;
  original?: Blob;
  thumbnail?: Blob;
  medium?: Blob;
  large?: Blob;
  preview?: Blob;
  /** The full-size JPEG of a non-JPEG original (issue 25), until it is uploaded with the original. */
  jpeg?: Blob;
  /** A clip's web version (issue 38), made on the device, until it is uploaded (kept while the original is). */
  webVideo?: Blob;
}

/** A gallery's set (issue 26). */
export interface SetRow extends SetFields, SyncMeta {
  id: string;
  /** When the server made it ("" until then); ties of `position` go by it. */
  created: string;
}

export interface SettingsRow extends SettingsFields, SyncMeta {
  id: string;
  logo: string;
  /** The logo's bytes, kept by sync for offline watermarks; stale when its name is not `logo`. */
  logoFile?: { name: string; blob: Blob };
}

export type OutboxOp = "create" | "update" | "delete";

/**
 * One change waiting for the server. Entries are pushed in `seq` order and leave the outbox only when the
 * server confirmed them. An image create is pushed in two stages: the record with thumbnail and preview,
 * then the original.
 */
export interface OutboxEntry {
  seq?: number;
  collection: SyncedCollection;
  recordId: string;
  op: OutboxOp;
  fields: Record<string, unknown>;
  /** Edit time (server clock, ms) of each field in `fields`. */
  fieldTimes: Record<string, number>;
  createdAt: number;
  attempts: number;
  stage?: "record" | "original";
  /** Set when the server refused the change for good (a validation error); the owner is shown it. */
  error?: string;
  /** The server's message per field of that refusal (e.g. accessCode: taken), shown on the record's form. */
  fieldErrors?: Record<string, string>;
}

/** A value that lost a conflict, kept so that no edit disappears silently. */
export interface ConflictRow {
  id?: number;
  collection: SyncedCollection;
  recordId: string;
  /** The field, or "*" when the whole record was deleted on the server while edited here. */
  field: string;
  lostValue: unknown;
  keptValue: unknown;
  /** Whose value lost: this device's edit, or the value that was on the server. */
  lostSide: "device" | "server";
  createdAt: number;
  /** 0 while the owner has not dismissed or restored it (indexable). */
  resolved: 0 | 1;
  /**
   * A record deleted elsewhere while this device had work of it: its values as this device held them, so
   * 'Send again' can bring it back (as a new record), and for a photo the bytes the server never got.
   */
  record?: Record<string, unknown>;
  files?: Omit<ImageBlobRow, "id">;
  /** The id a restored deleted client was sent again as (its set-aside photos go there). */
  restoredAs?: string;
}

export interface SyncStateRow {
  key: string;
  value: unknown;
}

/** The journal of an import on this device (src/domain/imports.ts): device only, never synced. */
export type ImportRow = ImportJournal;
