/**
 * Gives images imported before the responsive sizes existed their 800 and 1,600 px sizes and placeholder,
 * without re-uploading anything the owner already sent: after each sync, this device makes them from the
 * original (its own copy, or downloaded with the owner's token) in the media workers, and uploads only the
 * new files. One tab at a time does it (a Web Lock); an image that fails (offline, a server restarting, an
 * original the browser cannot read) is tried again after a sync a minute later, then after 4 and 16 minutes,
 * then left until the next session.
 */
import { ADDED_SIZE_FIELDS } from "../domain/image-sizes";
import { isVideo } from "../domain/records";
import { db } from "../store/db";
import { firstMissingSizes } from "../store/repositories/missingSizes";
import type { ImageRow } from "../store/rows";
import { imageFile } from "../sync/imageFiles";
import { pb } from "../sync/pocketbase";
import { uploadSizes } from "../sync/uploadSizes";
import { mediaPool } from "../workers-client/media";
import { processOptions } from "./processOptions";
import { afterFailure, mayRetry, type Failure } from "./rebuildRetry";

const LOCK_NAME = "studio-gallery-rebuild-sizes";
/** Images that failed in this session: their tries, and when the next may start. */
const failed = new Map<string, Failure>();

/**
 * An image on the server (its original uploaded) that lacks one of the added sizes or its placeholder. A clip
 * never: its sizes are its poster's, made at import (its original is a video the photo pipeline cannot read).
 * Nor a photo in the trash: it gets them if it comes back.
 */
export function needsSizes(row: ImageRow): boolean {
  return !isVideo(row) && !row.trashedAt && !!row.files.original && !!row.files.thumbnail && (!row.placeholder || ADDED_SIZE_FIELDS.some((field) => !row.files[field]));
}

async function rebuildOne(row: ImageRow, signal: AbortSignal): Promise<void> {
  const original = await imageFile(db, row.id, "original", signal);
  const options = await processOptions();
  const processed = await mediaPool().run((api) => api.processImage(original, options), signal);
  await uploadSizes(db, pb, row.id, { medium: processed.medium, large: processed.large, placeholder: processed.placeholder }, signal);
}

async function rebuildAll(signal: AbortSignal): Promise<number> {
  let done = 0;
  for (;;) {
    const now = Date.now();
    const next = await firstMissingSizes(db, (row) => needsSizes(row) && mayRetry(failed.get(row.id), now));
    if (!next || signal.aborted) return done;
    try {
      await rebuildOne(next, signal);
      failed.delete(next.id);
      done++;
    } catch {
      if (signal.aborted) return done;
      failed.set(next.id, afterFailure(failed.get(next.id), Date.now())); // offline, deleted meanwhile, or unreadable
    }
  }
}

/** Rebuilds what is missing, in one tab; resolves with the number of images rebuilt (0 when another tab is at it). */
export async function rebuildMissingSizes(signal: AbortSignal): Promise<number> {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return rebuildAll(signal);
  return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? rebuildAll(signal) : 0));
}
