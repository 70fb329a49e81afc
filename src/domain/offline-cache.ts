/**
 * Which thumbnails and previews this device keeps for offline work (issue #13: every gallery available at
 * the shoot). Pure: the sync's cache fill (src/sync/offlineCache.ts) measures, this decides.
 *
 * The choice, newest gallery first (a client's recency is the later of its event date and its last
 * change): first the thumbnails of every gallery, then the previews of the `previewGalleries` most recent
 * ones, each whole gallery only while it fits the budget. Whatever falls outside is evicted, oldest
 * gallery first. Blobs of images the server has not fully received are never counted as evictable: the
 * caller leaves them out (they are the only copy).
 */

/** The share of the space the cache may take (what is free plus what the cache holds now): the rest stays for imports. */
export const CACHE_SHARE = 0.5;
/** Sizes assumed for files not on the device yet (a 400 px and a 2048 px WebP of a photograph). */
export const THUMBNAIL_ESTIMATE_BYTES = 40_000;
export const PREVIEW_ESTIMATE_BYTES = 450_000;
/** How many galleries keep previews unless the owner chose otherwise on this device. */
export const DEFAULT_PREVIEW_GALLERIES = 5;
export const PREVIEW_GALLERY_CHOICES = [0, 1, 3, 5, 10, 20, 50] as const;

export interface CacheImage {
  id: string;
  /** Bytes of the thumbnail / preview on the device, or undefined when not held. */
  thumbnailBytes?: number;
  previewBytes?: number;
}

export interface CacheGallery {
  id: string;
  /** Sortable (PocketBase date form): newer galleries sort later. */
  recency: string;
  images: CacheImage[];
}

export interface CachePlan {
  /** Images whose thumbnail is kept (fetched when missing). */
  thumbnails: Set<string>;
  /** Images whose preview is kept (fetched when missing). */
  previews: Set<string>;
  /** Galleries whose previews are kept, newest first. */
  previewGalleries: string[];
  /** Bytes the kept files take (estimates for those still to fetch). */
  plannedBytes: number;
}

export interface Eviction {
  id: string;
  kinds: Array<"thumbnail" | "preview">;
}

/** A client's recency: the later of its event date and its last change, in PocketBase's date form. */
export function galleryRecency(client: { eventDate: string; serverUpdated: string; createdAt: string }): string {
  const norm = (s: string) => s.replace("T", " ");
  const changed = norm(client.serverUpdated || client.createdAt || "");
  const event = norm(client.eventDate || "");
  return event > changed ? event : changed;
}

/** The space the cache may use: a share of what would be free without the cache's own files. */
export function cacheBudget(estimate: { usage: number; quota: number }, cachedBytes: number): number {
  const free = Math.max(0, estimate.quota - estimate.usage) + cachedBytes;
  return Math.floor(free * CACHE_SHARE);
}

const newestFirst = (galleries: CacheGallery[]) => [...galleries].sort((a, b) => (a.recency < b.recency ? 1 : a.recency > b.recency ? -1 : a.id < b.id ? -1 : 1));

export function planOfflineCache(galleries: CacheGallery[], options: { budgetBytes: number; previewGalleries: number }): CachePlan {
  const plan: CachePlan = { thumbnails: new Set(), previews: new Set(), previewGalleries: [], plannedBytes: 0 };
  const ordered = newestFirst(galleries);
  const fits = (bytes: number) => plan.plannedBytes + bytes <= options.budgetBytes;
  for (const gallery of ordered) {
    const bytes = gallery.images.reduce((sum, i) => sum + (i.thumbnailBytes ?? THUMBNAIL_ESTIMATE_BYTES), 0);
    if (!fits(bytes)) break; // an older gallery never takes the place of a newer one
    plan.plannedBytes += bytes;
    for (const image of gallery.images) plan.thumbnails.add(image.id);
  }
  for (const gallery of ordered.slice(0, Math.max(0, options.previewGalleries))) {
    if (!gallery.images.every((i) => plan.thumbnails.has(i.id))) break;
    const bytes = gallery.images.reduce((sum, i) => sum + (i.previewBytes ?? PREVIEW_ESTIMATE_BYTES), 0);
    if (!fits(bytes)) break;
    plan.plannedBytes += bytes;
    plan.previewGalleries.push(gallery.id);
    for (const image of gallery.images) plan.previews.add(image.id);
  }
  return plan;
}

/** The held files the plan does not keep, oldest gallery first. */
export function evictions(galleries: CacheGallery[], plan: CachePlan): Eviction[] {
  const out: Eviction[] = [];
  for (const gallery of newestFirst(galleries).reverse()) {
    for (const image of gallery.images) {
      const kinds: Eviction["kinds"] = [];
      if (image.thumbnailBytes !== undefined && !plan.thumbnails.has(image.id)) kinds.push("thumbnail");
      if (image.previewBytes !== undefined && !plan.previews.has(image.id)) kinds.push("preview");
      if (kinds.length) out.push({ id: image.id, kinds });
    }
  }
  return out;
}
