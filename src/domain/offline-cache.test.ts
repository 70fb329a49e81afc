import { describe, expect, it } from "vitest";
import { cacheBudget, evictions, galleryRecency, planOfflineCache, PREVIEW_ESTIMATE_BYTES, THUMBNAIL_ESTIMATE_BYTES, type CacheGallery } from "./offline-cache";

const gallery = (id: string, recency: string, n: number, held: { thumb?: number; preview?: number } = {}): CacheGallery => ({
  id,
  recency,
  images: Array.from({ length: n }, (_, i) => ({ id: `${id}-${i}`, thumbnailBytes: held.thumb, previewBytes: held.preview })),
});

describe("the offline cache's choice", () => {
  const old = gallery("old", "2025-01-01 00:00:00.000Z", 10, { thumb: 1000, preview: 10_000 });
  const mid = gallery("mid", "2026-03-01 00:00:00.000Z", 10);
  const recent = gallery("recent", "2026-06-01 00:00:00.000Z", 10);

  it("keeps every gallery's thumbnails and the previews of the most recent galleries when space allows", () => {
    const plan = planOfflineCache([old, mid, recent], { budgetBytes: 1e9, previewGalleries: 2 });
    expect(plan.thumbnails.size).toBe(30);
    expect(plan.previewGalleries).toEqual(["recent", "mid"]);
    expect(plan.previews.has("old-0")).toBe(false);
    // the old gallery's held previews go; its thumbnails stay
    expect(evictions([old, mid, recent], plan)).toEqual(old.images.map((i) => ({ id: i.id, kinds: ["preview"] })));
  });

  it("under a small budget, gives up previews before thumbnails and the oldest gallery first", () => {
    const thumbsOnly = 20 * THUMBNAIL_ESTIMATE_BYTES + 10 * 1000;
    const plan = planOfflineCache([old, mid, recent], { budgetBytes: thumbsOnly + PREVIEW_ESTIMATE_BYTES, previewGalleries: 3 });
    expect(plan.thumbnails.size).toBe(30);
    expect(plan.previewGalleries).toEqual([]);

    const twoGalleries = planOfflineCache([old, mid, recent], { budgetBytes: 20 * THUMBNAIL_ESTIMATE_BYTES, previewGalleries: 3 });
    expect([...twoGalleries.thumbnails].every((id) => !id.startsWith("old"))).toBe(true);
    const evicted = evictions([old, mid, recent], twoGalleries);
    expect(evicted[0]).toEqual({ id: "old-0", kinds: ["thumbnail", "preview"] });
    expect(evicted).toHaveLength(10);
  });

  it("keeps no previews when the owner chose none", () => {
    expect(planOfflineCache([old, mid, recent], { budgetBytes: 1e9, previewGalleries: 0 }).previews.size).toBe(0);
  });

  it("measures the budget as a share of the space that would be free without the cache", () => {
    expect(cacheBudget({ usage: 600, quota: 1000 }, 200)).toBe(300);
    expect(cacheBudget({ usage: 1200, quota: 1000 }, 0)).toBe(0);
  });

  it("dates a gallery by the later of its event date and its last change", () => {
    expect(galleryRecency({ eventDate: "2026-08-01 00:00:00.000Z", serverUpdated: "2026-06-01 10:00:00.000Z", createdAt: "" })).toBe("2026-08-01 00:00:00.000Z");
    expect(galleryRecency({ eventDate: "", serverUpdated: "", createdAt: "2026-06-01T10:00:00.000Z" })).toBe("2026-06-01 10:00:00.000Z");
  });
});
