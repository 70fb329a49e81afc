/** Proofing's plain rules: limits, comment text and the studio's email. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const rules = require("./proofing_rules.js") as {
  pickFits: (limit: number, count: number) => boolean;
  commentText: (v: unknown) => string;
  submittedEmail: (name: string, lists: Array<{ name: string; count: number; limit: number }>, favourites: number, comments: number, link?: string) => { subject: string; text: string; html: string };
};

describe("proofing rules", () => {
  it("fits a pick under the limit, never at it, and always without one", () => {
    expect(rules.pickFits(30, 29)).toBe(true);
    expect(rules.pickFits(30, 30)).toBe(false);
    expect(rules.pickFits(0, 5000)).toBe(true);
  });

  it("trims comments and refuses what is not text or too long", () => {
    expect(rules.commentText("  hi ")).toBe("hi");
    expect(rules.commentText(undefined)).toBe("");
    expect(() => rules.commentText(3)).toThrow("A comment must be text.");
    expect(() => rules.commentText("x".repeat(2001))).toThrow("at most 2000");
  });

  it("escapes the client's name in the email's HTML", () => {
    const mail = rules.submittedEmail("<b>Ada</b>", [{ name: "Album", count: 12, limit: 30 }], 3, 1, "https://photos.lumen.test/gallery/ada");
    expect(mail.subject).toBe("<b>Ada</b> submitted their selection");
    expect(mail.text).toContain("Album: 12 of 30 chosen");
    expect(mail.text).toContain("Gallery: https://photos.lumen.test/gallery/ada");
    expect(mail.html).toContain("&lt;b&gt;Ada&lt;/b&gt;");
  });
});
