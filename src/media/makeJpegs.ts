/**
 * Full-size JPEGs for photos a gallery had before it asked for JPEG (issue 25): after each sync, this device
 * makes the JPEG of every HEIC, TIFF, AVIF or WebP photo of such a gallery that the server has without one,
 * from the original (its own copy, or downloaded with the owner's token) in the media workers, and uploads
 * only the JPEG (sync/uploadSizes.ts). Until then the server delivers the original as shot. One tab at a
 * time does it (a Web Lock); a photo that fails is left until the next session. Photos still uploading take
 * their JPEG with their original when they were imported into a JPEG gallery, else get it here afterwards.
 */
import { isJpegDelivered } from "../domain/image-formats";
import { db } from "../store/db";
import { dropMediaFile } from "../store/repositories/mediaBytes";
import { firstInGalleries } from "../store/repositories/missingSizes";
import type { ClientRow, ImageRow } from "../store/rows";
import { imageFile } from "../sync/imageFiles";
import { pb } from "../sync/pocketbase";
import { uploadJpeg } from "../sync/uploadSizes";
import { mediaPool } from "../workers-client/media";

const LOCK_NAME = "studio-gallery-make-jpegs";
/** Photos that failed in this session: not tried again until the app is reopened. */
const failed = new Set<string>();

/** A photo of a JPEG gallery whose format is delivered as JPEG (done or not). */
export function wantsJpeg(row: ImageRow, client: Pick<ClientRow, "originalsAs"> | undefined): boolean {
  return client?.originalsAs === "jpeg" && isJpegDelivered(row.mimeType);
}

/** Such a photo whose original the server has and whose JPEG it lacks. */
export function needsJpeg(row: ImageRow, client: Pick<ClientRow, "originalsAs"> | undefined): boolean {
  return wantsJpeg(row, client) && !!row.files.original && !row.files.jpeg;
}

async function nextPhoto(): Promise<ImageRow | undefined> {
  const galleries = new Map((await db.clients.filter((c) => c.originalsAs === "jpeg").toArray()).map((c) => [c.id, c]));
  return firstInGalleries(db, [...galleries.keys()], (row) => !failed.has(row.id) && needsJpeg(row, galleries.get(row.client)));
}

async function makeAll(signal: AbortSignal): Promise<number> {
  let done = 0;
  for (;;) {
    const next = await nextPhoto();
    if (!next || signal.aborted) return done;
    try {
      // One made at import that was too large to go with its original is here already.
      const kept = (await db.imageBlobs.get(next.id))?.jpeg;
      let jpeg = kept ?? null;
      if (!jpeg) {
        const original = await imageFile(db, next.id, "original", signal);
        jpeg = await mediaPool().run((api) => api.makeFullJpeg(original), signal);
      }
      if (!jpeg) throw new Error("no JPEG needed"); // its bytes are not what its type says: not tried again
      await uploadJpeg(db, pb, next.id, jpeg, signal);
      if (kept) await dropMediaFile(db, next.id, "jpeg");
      done++;
    } catch {
      if (signal.aborted) return done;
      failed.add(next.id); // offline, deleted meanwhile, or an original the browser cannot read
    }
  }
}

/** Makes what is missing, in one tab; resolves with the number of JPEGs made (0 when another tab is at it). */
export async function makeMissingJpegs(signal: AbortSignal): Promise<number> {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return makeAll(signal);
  return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? makeAll(signal) : 0));
}
