import { describe, expect, it } from "vitest";
import { testDb } from "../test-db";
import { addMediaBytes, dropMediaBytes, dropMediaFile, dropMediaFiles, keepMediaFile } from "./mediaBytes";

const blob = (text: string) => new Blob([text]);

describe("the one writer of media bytes", () => {
  it("stores a clip's bytes with its web version and leaves absent files out", async () => {
    const db = testDb();
    await addMediaBytes(db, "clip", { original: blob("o"), webVideo: blob("w"), thumbnail: blob("t"), preview: blob("p"), jpeg: undefined });
    const row = await db.imageBlobs.get("clip");
    expect(Object.keys(row!).sort()).toEqual(["id", "original", "preview", "thumbnail", "webVideo"]);
  });

  it("keeps a downloaded size beside what is there, and drops one file without touching the rest", async () => {
    const db = testDb();
    await addMediaBytes(db, "a", { original: blob("o"), jpeg: blob("j") });
    await keepMediaFile(db, "a", "preview", blob("p"));
    await keepMediaFile(db, "b", "thumbnail", blob("t"));
    await dropMediaFile(db, "a", "jpeg");
    expect(Object.keys((await db.imageBlobs.get("a"))!).sort()).toEqual(["id", "original", "preview"]);
    expect((await db.imageBlobs.get("a"))!.jpeg).toBeUndefined();
    expect((await db.imageBlobs.get("b"))!.thumbnail).toBeDefined();
  });

  it("drops a row once nothing that keeps it is left (a JPEG alone does not), and says when there was none", async () => {
    const db = testDb();
    await addMediaBytes(db, "a", { thumbnail: blob("t"), preview: blob("p"), jpeg: blob("j") });
    await addMediaBytes(db, "clip", { thumbnail: blob("t"), webVideo: blob("w") });
    expect(await dropMediaFiles(db, "a", ["thumbnail", "preview"])).toBe(true);
    expect(await dropMediaFiles(db, "clip", ["thumbnail"])).toBe(true);
    expect(await dropMediaFiles(db, "none", ["thumbnail"])).toBe(false);
    expect(await db.imageBlobs.get("a")).toBeUndefined();
    expect((await db.imageBlobs.get("clip"))!.webVideo).toBeDefined();
  });

  it("drops every byte of deleted items, inside a caller's transaction too", async () => {
    const db = testDb();
    await addMediaBytes(db, "a", { original: blob("o") });
    await addMediaBytes(db, "b", { original: blob("o") });
    await db.transaction("rw", [db.images, db.imageBlobs], () => dropMediaBytes(db, ["a", "b"]));
    expect(await db.imageBlobs.count()).toBe(0);
  });
});
