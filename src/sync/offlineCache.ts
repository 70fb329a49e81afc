/**
 * Fills the offline copy after each sync: measures the space (`navigator.storage.estimate()`), lets
 * src/domain/offline-cache.ts choose, evicts what falls outside (oldest gallery first, never bytes the
 * server lacks: src/store/imageCache.ts), then fetches the missing thumbnails and previews from the
 * server with the owner's token (imageFiles.ts keeps them on the device). One fill runs at a time; a sync
 * that ends while one runs asks for another after it.
 */
import { cacheBudget, evictions, planOfflineCache } from "../domain/offline-cache";
import type { StudioDb } from "../store/db";
import { cacheInventory, evictImageFiles, previewGalleriesChoice, saveOfflineCacheState } from "../store/imageCache";
import { imageFile } from "./imageFiles";

/** Parallel downloads: enough to fill a gallery quickly, few enough to leave the sync its connections. */
const CONCURRENCY = 4;
/** The budget when the browser cannot tell (no Storage API): 1 GB. */
const UNKNOWN_QUOTA_BUDGET = 1_000_000_000;

async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  if (typeof navigator === "undefined" || typeof navigator.storage?.estimate !== "function") return null;
  const e = await navigator.storage.estimate();
  return { usage: e.usage ?? 0, quota: e.quota ?? 0 };
}

export async function fillOfflineCache(db: StudioDb, signal?: AbortSignal): Promise<void> {
  const { galleries, cachedBytes } = await cacheInventory(db);
  const estimate = await storageEstimate();
  const budgetBytes = estimate ? cacheBudget(estimate, cachedBytes) : UNKNOWN_QUOTA_BUDGET;
  const plan = planOfflineCache(galleries, { budgetBytes, previewGalleries: await previewGalleriesChoice(db) });
  await evictImageFiles(db, evictions(galleries, plan));

  const wanted: Array<[string, "thumbnail" | "preview"]> = [];
  for (const gallery of galleries) {
    for (const image of gallery.images) {
      if (plan.thumbnails.has(image.id) && image.thumbnailBytes === undefined) wanted.push([image.id, "thumbnail"]);
    }
  }
  // Thumbnails of every gallery first (each card needs one), then previews, newest gallery first.
  const byId = new Map(galleries.map((g) => [g.id, g]));
  for (const galleryId of plan.previewGalleries) {
    for (const image of byId.get(galleryId)?.images ?? []) if (image.previewBytes === undefined) wanted.push([image.id, "preview"]);
  }
  let missing = 0;
  let next = 0;
  const worker = async () => {
    while (next < wanted.length && !signal?.aborted) {
      const [id, kind] = wanted[next++]!;
      await imageFile(db, id, kind, signal).catch(() => missing++);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await saveOfflineCacheState(db, {
    at: Date.now(),
    galleries: galleries.length,
    thumbnailGalleries: galleries.filter((g) => g.images.every((i) => plan.thumbnails.has(i.id))).length,
    previewGalleries: plan.previewGalleries.length,
    missing: missing + (wanted.length - Math.min(next, wanted.length)),
    budgetBytes,
    cachedBytes: plan.plannedBytes,
  });
}

/** Runs fills one at a time: a request during a fill runs one more afterwards. */
export function createCacheFiller(db: StudioDb, signal?: AbortSignal) {
  let running: Promise<void> | null = null;
  let isAgain = false;
  const request = (): void => {
    if (signal?.aborted) return;
    if (running) {
      isAgain = true;
      return;
    }
    running = fillOfflineCache(db, signal)
      .catch(() => undefined) // offline or signed out meanwhile: the next sync fills again
      .finally(() => {
        running = null;
        if (isAgain) {
          isAgain = false;
          request();
        }
      });
  };
  return { request };
}
