import { describe, expect, it } from "vitest";
import { DuplicateCheck, contentKey, notImported } from "./imports";

describe("an import's journal", () => {
  it("names the files not marked done, in the order they were listed", () => {
    const files = [
      { key: "1", name: "a.jpg", size: 10 },
      { key: "2", name: "b.jpg", size: 20 },
      { key: "3", name: "c.jpg", size: 30 },
    ];
    expect(notImported({ files, done: ["2"] }).map((f) => f.name)).toEqual(["a.jpg", "c.jpg"]);
    expect(notImported({ files, done: ["3", "1", "2"] })).toEqual([]);
  });
});

describe("recognising a photo the gallery already has", () => {
  it("compares the CRC-32 as the image record stores it (8 hex digits) with the size", () => {
    expect(contentKey(0x0000beef, 5)).toBe("0000beef:5");
    expect(contentKey("0000BEEF", 5)).toBe(contentKey(0xbeef, 5));
    expect(contentKey(0xffffffff, 1)).toBe("ffffffff:1");
  });

  it("skips bytes the gallery holds, and the second of two equal files in one pick, but not a file of another size", () => {
    const check = new DuplicateCheck([{ crc32: "0000beef", fileSize: 5 }]);
    expect(check.claim(contentKey(0xbeef, 5))).toBe(false); // in the gallery
    expect(check.claim(contentKey(0xbeef, 6))).toBe(true); // same CRC, another size: another file
    expect(check.claim(contentKey(0xcafe, 7))).toBe(true); // new
    expect(check.claim(contentKey(0xcafe, 7))).toBe(false); // the same file twice in one pick
  });

  it("matches nothing against images whose CRC is unknown (rows from before it was recorded)", () => {
    const check = new DuplicateCheck([{ crc32: "", fileSize: 5 }, { fileSize: 5 }]);
    expect(check.claim(contentKey(0, 5))).toBe(true);
  });
});
