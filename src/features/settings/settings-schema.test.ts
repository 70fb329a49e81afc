import { describe, expect, it } from "vitest";
import { BrandingSchema, GeneralSchema, PasswordSchema, UsernameSchema, clipLimitField } from "./settings-schema";

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => `${String(i.path[0])}: ${i.message}`);

describe("settings validation", () => {
  it("words each general error as the specification does", () => {
    expect(messages(GeneralSchema.safeParse({ companyName: " ", email: "nope", websiteUrl: "not a url", timeZone: "Mars/Olympus", galleryUrl: "ftp://x" }))).toEqual([
      "companyName: Company name is required",
      "email: Invalid email address",
      "websiteUrl: Invalid URL",
      "timeZone: Use a time zone name such as America/Los_Angeles",
      "galleryUrl: Invalid URL",
    ]);
    expect(GeneralSchema.safeParse({ companyName: "Lumen", email: "", websiteUrl: "", timeZone: "America/Los_Angeles", galleryUrl: "" }).success).toBe(true);
    // The largest original (issue 25): whole MB from 1 to 200.
    const general = { companyName: "Lumen", email: "", websiteUrl: "", timeZone: "America/Los_Angeles", galleryUrl: "" };
    expect(GeneralSchema.safeParse({ ...general, maxOriginalMB: 45 }).success).toBe(true);
    for (const bad of [0, 201, 2.5, Number.NaN]) expect(messages(GeneralSchema.safeParse({ ...general, maxOriginalMB: bad }))).toEqual(["maxOriginalMB: Enter a whole number of MB from 1 to 200"]);
  });

  it("takes the largest clip in whole MB up to 64 GB, a blank field as 0, the default (issue 38)", () => {
    const general = { companyName: "Lumen", email: "", websiteUrl: "", timeZone: "America/Los_Angeles", galleryUrl: "" };
    for (const good of [0, 1, 4096, 65536]) expect(GeneralSchema.safeParse({ ...general, maxVideoMB: good }).success, String(good)).toBe(true);
    for (const bad of [-1, 65537, 2.5, Number.NaN]) expect(messages(GeneralSchema.safeParse({ ...general, maxVideoMB: bad }))).toEqual(["maxVideoMB: Enter a whole number of MB from 0 (the default) to 65,536"]);
    expect(clipLimitField("")).toBe(0);
    expect(clipLimitField("  ")).toBe(0);
    expect(clipLimitField("8192")).toBe(8192);
    expect(Number.isNaN(clipLimitField("e"))).toBe(true);
  });

  it("defaults an empty colour and refuses anything but #rrggbb", () => {
    expect(BrandingSchema.parse({ primaryColor: "", enableWatermark: true }).primaryColor).toBe("#6d28d9");
    expect(messages(BrandingSchema.safeParse({ primaryColor: "#12345", enableWatermark: true }))).toEqual(["primaryColor: Must be a valid hex color"]);
    expect(messages(BrandingSchema.safeParse({ primaryColor: "red", enableWatermark: true }))).toEqual(["primaryColor: Must be a valid hex color"]);
    expect(BrandingSchema.parse({ primaryColor: "", enableWatermark: true }).galleryTheme).toBe("light");
    expect(BrandingSchema.parse({ primaryColor: "", enableWatermark: true, galleryTheme: "dark" }).galleryTheme).toBe("dark");
    // The cover style and typefaces (issue 27): "full" and "system" by default, nothing outside the lists.
    expect(BrandingSchema.parse({ primaryColor: "", enableWatermark: true })).toMatchObject({ coverStyle: "full", typefaces: "system" });
    expect(BrandingSchema.parse({ primaryColor: "", enableWatermark: true, coverStyle: "minimal", typefaces: "elegant" })).toMatchObject({ coverStyle: "minimal", typefaces: "elegant" });
    expect(BrandingSchema.safeParse({ primaryColor: "", enableWatermark: true, coverStyle: "poster" }).success).toBe(false);
    expect(BrandingSchema.safeParse({ primaryColor: "", enableWatermark: true, typefaces: "comic" }).success).toBe(false);
  });

  it("checks the password lengths and that the confirmation matches, on the confirmation", () => {
    expect(messages(PasswordSchema.safeParse({ currentPassword: "12345", newPassword: "abcdef", confirmPassword: "abcdef" }))).toEqual(["currentPassword: Password must be at least 6 characters"]);
    expect(messages(PasswordSchema.safeParse({ currentPassword: "123456", newPassword: "abcdef", confirmPassword: "abcdeg" }))).toEqual(["confirmPassword: Passwords don't match"]);
    expect(messages(UsernameSchema.safeParse({ username: "owner" }))).toEqual(["username: Username must be a valid email address"]);
  });
});
