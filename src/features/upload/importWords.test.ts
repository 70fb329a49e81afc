/**
 * An import's closing words (issue 37): after an online import the toast said "they upload with the next
 * sync" beside the gallery's "Uploaded". Online it now says the photos were added; offline, that they wait.
 */
import { describe, expect, it } from "vitest";
import { savedWords } from "./importWords";

describe("import toast", () => {
  it("says the photos were added, not that they upload later, online", () => {
    expect(savedWords(3, true, "images")).toEqual({ title: "Photos added to the gallery", description: "3 photos added." });
    expect(savedWords(1, true, "zip")).toEqual({ title: "Photos added to the gallery", description: "1 photo from the zip added." });
    expect(JSON.stringify([savedWords(3, true, "images"), savedWords(3, true, "zip")])).not.toMatch(/next sync|on this device/);
  });

  it("says they wait for the next sync offline", () => {
    expect(savedWords(3, false, "images")).toEqual({ title: "Photos saved on this device", description: "3 photos saved; they upload with the next sync." });
    expect(savedWords(2, false, "zip").description).toMatch(/they upload with the next sync/);
  });
});
