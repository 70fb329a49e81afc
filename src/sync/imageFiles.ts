/**
 * The bytes of an image for the owner's screens: from this device when it has them (everything imported
 * here), otherwise from the server with the owner's token, keeping thumbnails and previews on the device
 * so that the gallery still shows offline what was once seen. Originals fetched from the server are not
 * kept: they are large, and only downloads need them.
 */
import { galleryImageUrl } from "../domain/image-url";
import type { StudioDb } from "../store/db";
import { keepMediaFile } from "../store/repositories/mediaBytes";
import { pb } from "./pocketbase";

export type ImageFileKind = "thumbnail" | "medium" | "large" | "preview" | "original";

const inFlight = new Map<string, Promise<Blob>>();

async function fetchFromServer(id: string, kind: ImageFileKind, signal?: AbortSignal): Promise<Blob> {
  const query = kind === "original" ? {} : kind === "thumbnail" || kind === "preview" ? { [kind]: "true" } : { size: kind };
  const res = await fetch(galleryImageUrl(id, query), {
    headers: pb.authStore.token ? { Authorization: pb.authStore.token } : {},
    signal,
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res.blob();
}

export async function imageFile(db: StudioDb, id: string, kind: ImageFileKind, signal?: AbortSignal): Promise<Blob> {
  const local = (await db.imageBlobs.get(id))?.[kind];
  if (local) return local;
  const key = `${id}:${kind}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchFromServer(id, kind, signal).then(async (blob) => {
      if (kind === "thumbnail" || kind === "preview") {
        await keepMediaFile(db, id, kind, blob);
      }
      return blob;
    });
    inFlight.set(key, pending);
    void pending.finally(() => inFlight.delete(key)).catch(() => undefined);
  }
  return pending;
}

/** Where a zip worker gets an original: its bytes on this device, or the server with the owner's token. */
export async function originalLocation(db: StudioDb, id: string): Promise<{ blob?: Blob; url?: string; headers?: Record<string, string> }> {
  const local = (await db.imageBlobs.get(id))?.original;
  if (local) return { blob: local };
  return { url: galleryImageUrl(id), headers: pb.authStore.token ? { Authorization: pb.authStore.token } : {} };
}
