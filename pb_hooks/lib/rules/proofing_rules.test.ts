/** Proofing's plain rules: limits, comment text and the studio's email. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const rules = require("./proofing_rules.js") as {
  pickFits: (limit: number, count: number) => boolean;
  commentText: (v: unknown) => string;
  personName: (v: unknown) => string;
  personEmail: (v: unknown) => string;
  submittedEmail: (name: string, person: string, lists: Array<{ name: string; count: number; limit: number }>, favourites: number, comments: number, link?: string, email?: string) => { subject: string; text: string; html: string };
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

  it("cleans comments as it cleans names (bidi, zero-width and control characters), keeping their line breaks", () => {
    expect(rules.commentText("Crop\u200b this\u2060\ufeff one\u200f\u061c\u202e gpj.exe\u202c")).toBe("Crop this one gpj.exe");
    expect(rules.commentText("a\u0000b\u0007c\u0085d\u007fe\tf")).toBe("a b c d e f");
    expect(rules.commentText("line one\r\nline two\u2028line three\rfour")).toBe("line one\nline two\nline three\nfour");
    expect(rules.commentText("\u200b\u200d \u0000")).toBe(""); // nothing visible: no comment
  });

  it("escapes the client's name in the email's HTML", () => {
    const mail = rules.submittedEmail("<b>Ada</b>", "<b>Ada</b>", [{ name: "Album", count: 12, limit: 30 }], 3, 1, "https://photos.lumen.test/gallery/ada");
    expect(mail.subject).toBe("<b>Ada</b> submitted their selection");
    expect(mail.text).toContain("Album: 12 of 30 chosen");
    expect(mail.text).toContain("Gallery: https://photos.lumen.test/gallery/ada");
    expect(mail.html).toContain("&lt;b&gt;Ada&lt;/b&gt;");
    expect(rules.submittedEmail("Ada", "Anna", [], 3, 1).subject).toBe("Anna (Ada's gallery) submitted their selection");
    expect(rules.submittedEmail("Ada", "Anna", [], 3, 1, "", "anna@example.com").text).toContain("Anna's email: anna@example.com");
    expect(rules.submittedEmail("Ada", "Anna", [], 3, 1).text).not.toContain("email:");
  });

  it("cleans a person's name: bidi, zero-width and control characters, spaces, length", () => {
    expect(rules.personName("  Anna\u202E gpj.exe\u202C  ")).toBe("Anna gpj.exe");
    expect(rules.personName("An\u200Bna\u200F\nSmith\t\u0007")).toBe("Anna Smith");
    expect(rules.personName("x".repeat(60))).toHaveLength(60);
    expect(() => rules.personName("x".repeat(61))).toThrow("at most 60");
    for (const blank of ["", "   ", "\u202E\u200B", 5, null]) expect(() => rules.personName(blank)).toThrow("Please enter your name.");
  });

  it("takes an optional email, one plain address only", () => {
    expect(rules.personEmail(undefined)).toBe("");
    expect(rules.personEmail("  ")).toBe("");
    expect(rules.personEmail(" anna@example.com ")).toBe("anna@example.com");
    for (const bad of ["anna", "anna@", "a@b", "a b@c.de", "a@b.c, x@y.z", "<a@b.cd>", 3, "a@b.c".padStart(260, "x")]) {
      expect(() => rules.personEmail(bad), String(bad)).toThrow("valid email");
    }
  });
});
