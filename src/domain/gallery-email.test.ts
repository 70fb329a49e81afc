import { describe, expect, it } from "vitest";
import { galleryEmail } from "./gallery-email";

const client = { name: "Ada Lovelace", accessUrl: "ab12cd34", accessCode: "KX7P2M", expirationDate: "2026-06-01 00:00:00.000Z" };
const settings = { companyName: "Lumen Studio", emailTemplate: "", galleryUrl: "", timeZone: "UTC" };

describe("galleryEmail", () => {
  it("fills the default template as the server does, linking to this app's origin when no Gallery address is set", () => {
    const mail = galleryEmail(client, settings, "https://photos.example.com");
    expect(mail.subject).toBe("Your photos from Lumen Studio are ready");
    expect(mail.link).toBe("https://photos.example.com/gallery/ab12cd34");
    expect(mail.text).toBe(
      "Hello Ada Lovelace,\n\nYour photos are ready! Open your private gallery at https://photos.example.com/gallery/ab12cd34 and enter the access code KX7P2M.\n\nWe hope you enjoy them.\nLumen Studio",
    );
  });

  it("fills the studio's own template, the Gallery address first and the expiry in the spec's long format", () => {
    const own = { ...settings, galleryUrl: "https://gallery.lumen.test/", emailTemplate: "Dear {client}: {link} ({code}) until {expiry}. {studio}" };
    expect(galleryEmail(client, own, "https://app.example.com").text).toBe(
      "Dear Ada Lovelace: https://gallery.lumen.test/gallery/ab12cd34 (KX7P2M) until June 1, 2026. Lumen Studio",
    );
  });

  it("has no link when neither the Gallery address nor the origin is a web address", () => {
    expect(galleryEmail(client, null, "file://").link).toBe("");
    expect(galleryEmail(client, null, "file://").subject).toBe("Your photos are ready");
  });
});
