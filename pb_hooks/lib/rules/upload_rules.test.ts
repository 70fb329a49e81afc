/** The rules of uploads in parts (issue 38): the start checked, parts cut and named, what is missing, what is abandoned. */
import { describe, expect, it } from "vitest";
import { PART_SIZE } from "../../../src/sync/uploadParts";
import * as r from "./upload_rules.js";

const MB = 1024 * 1024;
const sha = "a".repeat(64);

describe("upload rules", () => {
  it("cut a file as the app does (its PART_SIZE is the server's default)", () => {
    expect(r.DEFAULT_PART_SIZE).toBe(PART_SIZE);
    expect(r.partCount(20 * MB, 8 * MB)).toBe(3);
    expect([0, 1, 2, 3].map((n) => r.expectedPartSize(20 * MB, 8 * MB, n))).toEqual([8 * MB, 8 * MB, 4 * MB, -1]);
    expect(r.expectedPartSize(16 * MB, 8 * MB, 1)).toBe(8 * MB);
    expect(r.expectedPartSize(1, 8 * MB, 0)).toBe(1);
    expect(r.expectedPartSize(16 * MB, 8 * MB, -1)).toBe(-1);
  });

  it("check a start", () => {
    const ok = { record: "abc123", field: "original", size: 10, name: "clip.mp4", type: "video/MP4" };
    expect(r.readStart(ok)).toEqual({ ok: true, record: "abc123", field: "original", size: 10, name: "clip.mp4", type: "video/mp4", partSize: PART_SIZE });
    expect(r.readStart({ ...ok, partSize: 2 * MB })).toMatchObject({ ok: true, partSize: 2 * MB });
    expect(r.readStart({ ...ok, record: "../x" })).toEqual({ ok: false, code: "image_not_found" });
    expect(r.readStart({ ...ok, field: "thumbnail" })).toEqual({ ok: false, code: "upload_field" });
    for (const bad of [{ size: 0 }, { size: 1.5 }, { size: "10" }, { name: " " }, { type: 3 }, { partSize: 1000 }, { partSize: 64 * MB }]) {
      expect(r.readStart({ ...ok, ...bad }), JSON.stringify(bad)).toEqual({ ok: false, code: "upload_invalid" });
    }
    expect(r.readStart(null)).toEqual({ ok: false, code: "image_not_found" });
  });

  it("name the same file's upload the same", () => {
    expect(r.uploadKey("a", "original", 5, "x.mp4")).toBe(r.uploadKey("a", "original", 5, "x.mp4"));
    expect(r.uploadKey("a", "original", 5, "x.mp4")).not.toBe(r.uploadKey("a", "webVideo", 5, "x.mp4"));
    expect(r.uploadKey("a", "original", 5, "x.mp4")).not.toBe(r.uploadKey("a", "original", 6, "x.mp4"));
  });

  it("read part numbers and checksums strictly", () => {
    expect(["0", "7", "12"].map(r.partNumber)).toEqual([0, 7, 12]);
    expect(["", "-1", "01", "1.5", "x", "99999999"].map(r.partNumber)).toEqual([-1, -1, -1, -1, -1, -1]);
    expect(r.sha256Hex(" " + "AB".repeat(32) + " ")).toBe("ab".repeat(32));
    expect(r.sha256Hex("ab")).toBe("");
    expect(r.sha256Hex(null)).toBe("");
  });

  it("read the parts a folder holds and ignore the rest", () => {
    const listing = [
      { name: "meta.json", size: 90 },
      { name: r.partFileName(2, sha), size: 4 },
      { name: "1.x1y2.tmp", size: 3 },
      { name: r.partFileName(0, sha), size: 8 },
      { name: "joined", size: -1 },
      { name: r.partFileName(1, sha), size: -1 },
    ];
    expect(r.partsFromListing(listing)).toEqual([
      { n: 0, size: 8, sha256: sha },
      { n: 2, size: 4, sha256: sha },
    ]);
  });

  it("know a whole file from its parts, and what is missing", () => {
    const part = (n: number, size: number) => ({ n, size });
    expect(r.wholeFile(20, 8, [part(0, 8), part(1, 8), part(2, 4)])).toEqual({ ok: true });
    expect(r.wholeFile(20, 8, [part(0, 8), part(2, 4)])).toEqual({ ok: false, missing: [1] });
    expect(r.wholeFile(20, 8, [part(0, 8), part(1, 7), part(2, 4)])).toEqual({ ok: false, missing: [1] });
    expect(r.wholeFile(20, 8, [])).toEqual({ ok: false, missing: [0, 1, 2] });
  });

  it("call an upload abandoned after a day untouched", () => {
    const now = Date.UTC(2026, 10, 28, 12);
    expect(r.isAbandoned(now - r.ABANDONED_AFTER_MS + 1000, now)).toBe(false);
    expect(r.isAbandoned(now - r.ABANDONED_AFTER_MS - 1000, now)).toBe(true);
  });

  it("store under a safe form of the client's name", () => {
    expect(r.storedName("Highlight film.mov")).toBe("Highlight_film.mov");
    expect(r.storedName("../../etc/passwd")).toBe("passwd");
    expect(r.storedName("..")).toBe("file");
  });

  it("go on with a join cut by a crash from the first part not wholly in the joined file", () => {
    expect(r.joinResumesAt(0, 20, 8)).toBe(0);
    expect(r.joinResumesAt(8, 20, 8)).toBe(1);
    expect(r.joinResumesAt(11, 20, 8)).toBe(1); // part 1 half copied: copied again whole
    expect(r.joinResumesAt(16, 20, 8)).toBe(2);
    expect(r.joinResumesAt(19, 20, 8)).toBe(2);
    expect(r.joinResumesAt(20, 20, 8)).toBe(3); // whole: nothing left to copy
    expect(r.joinResumesAt(24, 20, 8)).toBe(2); // longer than the file: the last part again
  });

  it("answer a completed upload only by a marker naming record, field and stored file", () => {
    expect(r.isCompletedMarker({ record: "abc", field: "original", file: "film_x1.mp4" })).toBe(true);
    expect(r.isCompletedMarker({ record: "abc", field: "thumbnail", file: "film_x1.mp4" })).toBe(false);
    expect(r.isCompletedMarker({ record: "abc", field: "webVideo", file: "" })).toBe(false);
    expect(r.isCompletedMarker(null)).toBe(false);
  });
});
