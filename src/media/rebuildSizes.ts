/**
 * Gives images imported before the responsive sizes existed their 800 and 1,600 px sizes and placeholder,
 * without re-uploading anything the owner already sent: after each sync, this device makes them from the
 * original (its own copy, or downloaded with the owner's token) in the media workers, and uploads only the
 * new files. One tab at a time does it (a Web Lock); an image that fails is left until the next session.
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

const LOCK_NAME = "studio-gallery-rebuild-sizes";
/** Images that failed in this session: not tried again until the app is reopened. */
const failed = new Set<string>();

/**
 * An image on the server (its original uploaded) that lacks one of the added sizes or its placeholder. A clip
 * never: its sizes are its poster's, made at import (its original is a video the photo pipeline cannot read).
 */
export function needsSizes(row: ImageRow): boolean {
  return !isVideo(row) && !!row.files.original && !!row.files.thumbnail && (!row.placeholder || ADDED_SIZE_FIELDS.some((field) => !row.files[field]));
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
    const next = await firstMissingSizes(db, (row) => needsSizes(row) && !failed.has(row.id));
    if (!next || signal.aborted) return done;
    try {
      await rebuildOne(next, signal);
      done++;
    } catch {
      if (signal.aborted) return done;
      failed.add(next.id); // offline, deleted meanwhile, or an original the browser cannot read
    }
  }
}

/** Rebuilds what is missing, in one tab; resolves with the number of images rebuilt (0 when another tab is at it). */
export async function rebuildMissingSizes(signal: AbortSignal): Promise<number> {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return rebuildAll(signal);
  return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? rebuildAll(signal) : 0));
}
