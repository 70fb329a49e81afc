import { describe, expect, it } from "vitest";
import { UPLOAD_TEXTS, nameList } from "./texts";

describe("the notice of an interrupted import", () => {
  it("says how many photos of how many were not imported, into which gallery, and names them", () => {
    expect(UPLOAD_TEXTS.interruptedPhotos(["a.jpg", "b.jpg", "c.jpg"], 24, "Anna & Ben")).toBe(
      "3 of 24 photos of your last import into Anna & Ben were not imported: a.jpg, b.jpg and c.jpg.",
    );
    expect(UPLOAD_TEXTS.interruptedPhotos(["a.jpg"], 24, "Anna")).toBe("1 of 24 photos of your last import into Anna was not imported: a.jpg.");
    expect(UPLOAD_TEXTS.interruptedPhotos(["a.jpg", "b.jpg"], 2, "Anna")).toBe("None of the 2 photos of your last import into Anna were imported: a.jpg and b.jpg.");
    expect(UPLOAD_TEXTS.interruptedZip("wedding.zip", 24, "Anna")).toBe("wedding.zip was not imported into Anna: the import stopped before its photos were saved (24 photos).");
  });

  it("lists a few names and counts the rest", () => {
    const names = Array.from({ length: 11 }, (_, i) => `IMG_${i + 1}.jpg`);
    expect(nameList(names)).toBe("IMG_1.jpg, IMG_2.jpg, IMG_3.jpg, IMG_4.jpg, IMG_5.jpg, IMG_6.jpg, IMG_7.jpg, IMG_8.jpg and 3 more");
    expect(nameList(["a.jpg"])).toBe("a.jpg");
  });
});

describe("the note on duplicates", () => {
  it("counts and names the skipped files and says why", () => {
    expect(UPLOAD_TEXTS.duplicatesSkipped(3)).toBe("3 duplicates skipped");
    expect(UPLOAD_TEXTS.duplicatesSkipped(1)).toBe("1 duplicate skipped");
    expect(UPLOAD_TEXTS.duplicatesNote(["a.jpg", "b.jpg"])).toBe("2 duplicates skipped: a.jpg and b.jpg. They are already in this gallery.");
  });
});
