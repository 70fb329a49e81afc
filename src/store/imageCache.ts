/**
 * The offline copy of thumbnails and previews, as the store sees it: what the device holds per gallery,
 * the owner's device-only choice of how many galleries keep previews, and eviction. Eviction checks the
 * outbox inside its own transaction, so an image whose files the server has not fully received (any
 * waiting entry) keeps every byte: those blobs are the only copy.
 */
import { DEFAULT_PREVIEW_GALLERIES, galleryRecency, type CacheGallery, type Eviction } from "../domain/offline-cache";
import type { StudioDb } from "./db";
import { dropMediaFiles, keepMediaFile } from "./repositories/mediaBytes";

/** syncState key of the owner's choice (device-only: each device has its own space). */
export const PREVIEW_GALLERIES_KEY = "offlinePreviewGalleries";
/** syncState key of the last cache fill's outcome, shown in Settings. */
export const OFFLINE_CACHE_KEY = "offlineCache";

export interface OfflineCacheState {
  at: number;
  galleries: number;
  thumbnailGalleries: number;
  previewGalleries: number;
  missing: number;
  budgetBytes: number;
  cachedBytes: number;
}

export async function previewGalleriesChoice(db: StudioDb): Promise<number> {
  const value = (await db.syncState.get(PREVIEW_GALLERIES_KEY))?.value;
  return typeof value === "number" && value >= 0 ? value : DEFAULT_PREVIEW_GALLERIES;
}

export async function choosePreviewGalleries(db: StudioDb, count: number): Promise<void> {
  await db.syncState.put({ key: PREVIEW_GALLERIES_KEY, value: Math.max(0, Math.floor(count)) });
}

export async function saveOfflineCacheState(db: StudioDb, state: OfflineCacheState): Promise<void> {
  await db.syncState.put({ key: OFFLINE_CACHE_KEY, value: state });
}

export async function offlineCacheState(db: StudioDb): Promise<OfflineCacheState | undefined> {
  return (await db.syncState.get(OFFLINE_CACHE_KEY))?.value as OfflineCacheState | undefined;
}

/** Ids of images with a waiting outbox entry (their bytes are not all on the server yet). */
async function pendingImageIds(db: StudioDb): Promise<Set<string>> {
  const entries = await db.outbox.filter((e) => e.collection === "images").toArray();
  return new Set(entries.map((e) => e.recordId));
}

/**
 * Every client's gallery with the images the server holds (thumbnail file named) and the bytes this
 * device keeps of each; images still waiting for the server are left out (never evicted, never fetched).
 */
export async function cacheInventory(db: StudioDb): Promise<{ galleries: CacheGallery[]; cachedBytes: number }> {
  return db.transaction("r", [db.clients, db.images, db.imageBlobs, db.outbox], async () => {
    const [clients, images, pending] = await Promise.all([db.clients.toArray(), db.images.toArray(), pendingImageIds(db)]);
    const byClient = new Map<string, CacheGallery>(clients.map((c) => [c.id, { id: c.id, recency: galleryRecency(c), images: [] }]));
    const held = new Map((await db.imageBlobs.toArray()).map((b) => [b.id, b]));
    let cachedBytes = 0;
    for (const image of images) {
      const gallery = byClient.get(image.client);
      if (!gallery || pending.has(image.id) || !image.files.thumbnail) continue;
      const blobs = held.get(image.id);
      const thumbnailBytes = blobs?.thumbnail?.size;
      const previewBytes = blobs?.preview?.size;
      cachedBytes += (thumbnailBytes ?? 0) + (previewBytes ?? 0);
      gallery.images.push({ id: image.id, thumbnailBytes, previewBytes });
    }
    return { galleries: [...byClient.values()], cachedBytes };
  });
}

/** Drops the named files, skipping any image that has a waiting outbox entry by now. */
export async function evictImageFiles(db: StudioDb, evicted: Eviction[]): Promise<number> {
  if (!evicted.length) return 0;
  return db.transaction("rw", [db.imageBlobs, db.outbox], async () => {
    const pending = await pendingImageIds(db);
    let count = 0;
    for (const { id, kinds } of evicted) {
      if (pending.has(id)) continue;
      if (!(await dropMediaFiles(db, id, kinds))) continue;
      count += kinds.length;
    }
    return count;
  });
}

/** Replaces the device's copy of an image's preview (re-rendered here after the server took the new one). */
export async function keepPreview(db: StudioDb, id: string, preview: Blob): Promise<void> {
  await keepMediaFile(db, id, "preview", preview);
}
