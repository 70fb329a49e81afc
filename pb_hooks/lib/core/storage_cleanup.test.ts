import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const cleanup = require("./storage_cleanup.js") as {
  unreferenced: (entries: Array<{ name: string; isDir: boolean }>, referenced: string[]) => string[];
  namesOf: (raw: string) => string[];
};

describe("files no record refers to", () => {
  it("keeps every referenced file, its attributes and its thumbnails, and nothing else", () => {
    const entries = [
      { name: "a_1.jpg", isDir: false },
      { name: "a_1.jpg.attrs", isDir: false },
      { name: "thumbs_a_1.jpg", isDir: true },
      { name: "b_2.webp", isDir: false },
      { name: "b_2.webp.attrs", isDir: false },
      { name: "c_3.png", isDir: false },
      { name: "c_3.png.attrs", isDir: false },
      { name: "a_1.jpg.17c2f3.tmp", isDir: false },
      { name: "thumbs_c_3.png", isDir: true },
      { name: "b_2.webp", isDir: true },
    ];
    expect(cleanup.unreferenced(entries, ["a_1.jpg", "b_2.webp"])).toEqual(["c_3.png", "c_3.png.attrs", "a_1.jpg.17c2f3.tmp", "thumbs_c_3.png", "b_2.webp"]);
  });

  it("reads single and multi-file column values", () => {
    expect(cleanup.namesOf("")).toEqual([]);
    expect(cleanup.namesOf("a.jpg")).toEqual(["a.jpg"]);
    expect(cleanup.namesOf('["a.jpg","b.jpg"]')).toEqual(["a.jpg", "b.jpg"]);
  });
});
