import { describe, expect, it } from "vitest";
import { topFolder, zipFolders } from "./zip-folders";

describe("a zip's top-level folders", () => {
  it("names the first folder of a path, none for the root or the Finder's __MACOSX", () => {
    expect(topFolder("Ceremony/IMG_1.jpg")).toBe("Ceremony");
    expect(topFolder("Ceremony/Vows/IMG_2.jpg")).toBe("Ceremony");
    expect(topFolder("IMG_3.jpg")).toBe("");
    expect(topFolder("__MACOSX/Ceremony/._IMG_1.jpg")).toBe("");
  });

  it("lists each folder once, in name order with numbers in numeric order", () => {
    expect(zipFolders(["2 Ceremony/a.jpg", "10 Party/b.jpg", "1 Ready/c.jpg", "2 Ceremony/d.jpg", "e.jpg"])).toEqual(["1 Ready", "2 Ceremony", "10 Party"]);
  });
});
