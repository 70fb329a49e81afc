import { describe, expect, it } from "vitest";
import { createUploadProgress, IDLE } from "./uploadProgress";

function store() {
  let t = 0;
  const progress = createUploadProgress(() => t);
  return { progress, at: (ms: number) => (t = ms) };
}

describe("upload progress", () => {
  it("is idle until images are queued, and again once the sync finishes", () => {
    const { progress } = store();
    expect(progress.get()).toBe(IDLE);
    progress.queue([{ imageId: "a", clientId: "c1", bytes: 1000 }]);
    expect(progress.get()).toMatchObject({ isActive: true, sent: 0, total: 1000, images: 1, imagesDone: 0, bytesPerSecond: null, secondsLeft: null });
    progress.finish();
    expect(progress.get()).toBe(IDLE);
  });

  it("spreads a request's progress over the images it carries, by their bytes, per gallery", () => {
    const { progress } = store();
    progress.queue([
      { imageId: "a", clientId: "c1", bytes: 3000 },
      { imageId: "b", clientId: "c2", bytes: 1000 },
    ]);
    const batch = progress.transfer([
      { imageId: "a", bytes: 300 },
      { imageId: "b", bytes: 100 },
    ]);
    batch.progress(0.5);
    batch.end(true);
    const s = progress.get();
    expect(s).toMatchObject({ sent: 400, total: 4000, imagesDone: 0 });
    expect(s.galleries).toEqual([
      expect.objectContaining({ clientId: "c1", sent: 300, total: 3000, images: 1 }),
      expect.objectContaining({ clientId: "c2", sent: 100, total: 1000, images: 1 }),
    ]);
  });

  it("gives back the bytes of a failed request, and counts only the images a partly confirmed one names", () => {
    const { progress } = store();
    progress.queue([
      { imageId: "a", clientId: "c", bytes: 100 },
      { imageId: "b", clientId: "c", bytes: 100 },
    ]);
    const failed = progress.transfer([{ imageId: "a", bytes: 100 }]);
    failed.progress(0.9);
    expect(progress.get().sent).toBe(0); // published at most every 250 ms: not yet
    failed.end(false);
    expect(progress.get().sent).toBe(0);
    const some = progress.transfer([
      { imageId: "a", bytes: 100 },
      { imageId: "b", bytes: 100 },
    ]);
    some.end(new Set(["b"]));
    expect(progress.get()).toMatchObject({ sent: 100, imagesDone: 1 });
  });

  it("measures the speed over the last seconds and the time left from it", () => {
    const { progress, at } = store();
    progress.queue([{ imageId: "a", clientId: "c", bytes: 10_000 }]);
    const t = progress.transfer([{ imageId: "a", bytes: 10_000 }]);
    at(2000);
    t.progress(0.2); // 2,000 bytes in 2 s
    at(2500);
    t.end(false); // not published before 250 ms otherwise: a forced sample and publish
    const first = progress.transfer([{ imageId: "a", bytes: 4000 }]);
    first.end(true);
    // 4,000 bytes at 2.5 s: 1,600 bytes a second, 6,000 left.
    expect(progress.get().bytesPerSecond).toBeCloseTo(1600);
    expect(progress.get().secondsLeft).toBeCloseTo(6000 / 1600);
  });

  it("says when each gallery ends: after everything queued before its last image", () => {
    const { progress, at } = store();
    progress.queue([
      { imageId: "a", clientId: "c1", bytes: 1000 },
      { imageId: "b", clientId: "c2", bytes: 1000 },
      { imageId: "c", clientId: "c1", bytes: 1000 },
    ]);
    at(1000);
    progress.transfer([{ imageId: "a", bytes: 1000 }]).end(true); // 1,000 bytes a second
    const [c1, c2] = progress.get().galleries;
    expect(c2!.secondsLeft).toBeCloseTo(1); // b
    expect(c1!.secondsLeft).toBeCloseTo(2); // b, then c
  });

  it("counts an image queued again (the sync's second upload) from what it sent already", () => {
    const { progress } = store();
    progress.queue([{ imageId: "a", clientId: "c", bytes: 1000 }]);
    progress.transfer([{ imageId: "a", bytes: 200 }]).end(true);
    progress.queue([{ imageId: "a", clientId: "c", bytes: 800 }]);
    expect(progress.get()).toMatchObject({ sent: 200, total: 1000, images: 1 });
  });
});
