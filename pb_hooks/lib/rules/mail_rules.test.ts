import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as MailRules from "./mail_rules.js";

const require = createRequire(import.meta.url);
const rules = require("./mail_rules.js") as typeof MailRules;
const DAY = rules.DAY_MS;

describe("mail rules", () => {
  it("fills every placeholder, and uses the default template when the studio's is blank", () => {
    const vars = { client: "Ada", link: "https://x/gallery/abc", code: "K2", studio: "Lumen", expiry: "June 1, 2026" };
    expect(rules.render("{client} {client} {link} {code} {studio} {expiry}", vars)).toBe("Ada Ada https://x/gallery/abc K2 Lumen June 1, 2026");
    expect(rules.render("  ", vars)).toContain("https://x/gallery/abc");
    expect(rules.render("", vars)).toContain("K2");
  });

  it("builds the link from the gallery address without doubled slashes", () => {
    expect(rules.galleryLink("https://photos.test///", "abc")).toBe("https://photos.test/gallery/abc");
  });

  it("is due 7 days ahead, then 1 day ahead, and never after expiry", () => {
    const exp = 100 * DAY;
    expect(rules.reminderDue(exp, exp - 8 * DAY)).toBeNull();
    expect(rules.reminderDue(exp, exp - 7 * DAY)).toBe("reminder-7");
    expect(rules.reminderDue(exp, exp - 2 * DAY)).toBe("reminder-7");
    expect(rules.reminderDue(exp, exp - DAY)).toBe("reminder-1");
    expect(rules.reminderDue(exp, exp)).toBeNull();
  });

  it("formats the expiry day in the studio's time zone, in the email's language", () => {
    expect(rules.formatDay(Date.parse("2026-06-01T03:00:00Z"), "America/Los_Angeles")).toBe("May 31, 2026");
    expect(rules.formatDay(Date.parse("2026-06-01T03:00:00Z"), "America/Los_Angeles", "de")).toBe("31. Mai 2026");
    expect(rules.formatDay(Date.parse("2026-06-01T03:00:00Z"), "UTC", "fr")).toBe("1er juin 2026");
    expect(rules.formatDay(Date.parse("2026-06-01T03:00:00Z"), "", "es")).toBe("1 de junio de 2026");
    // The server measures the offset itself (no Intl there) and passes it: -7 h in Los Angeles in June.
    expect(rules.formatDay(Date.parse("2026-06-01T03:00:00Z"), "America/Los_Angeles", "nl", -7 * 3600_000)).toBe("31 mei 2026");
  });

  it("writes the default email, its subject, the reminders and the button in the gallery's language", () => {
    const vars = { client: "Lena", link: "https://x/gallery/abc", code: "K2", studio: "Lumen", expiry: "31. Mai 2026", lang: "de" };
    expect(rules.galleryMessage("", vars)).toEqual({ subject: "Ihre Fotos von Lumen sind fertig", text: expect.stringContaining("Zugangscode K2") });
    expect(rules.reminderMessage("reminder-1", vars).subject).toBe("Ihre Galerie von Lumen läuft morgen ab");
    expect(rules.withHtml({ subject: "s", text: "t" }, vars, { studio: "Lumen", color: "" }).html).toContain("Galerie öffnen");
    // The studio's own template is sent as written, in any language.
    expect(rules.galleryMessage("Hi {client}", vars).text).toBe("Hi Lena");
  });
});

describe("the HTML part's branding", () => {
  const vars = { client: "Ada", link: "https://x/gallery/abc", code: "K2", studio: "Lumen", expiry: "" };

  it("shows the studio's logo by its inline attachment's Content-ID, above its name", () => {
    const { html } = rules.withHtml({ subject: "s", text: "t" }, vars, { studio: "Lumen & Co", color: "#112233", logo: "cid:studio-logo.png" });
    expect(html).toContain('<img src="cid:studio-logo.png" alt="Lumen &amp; Co"');
    expect(html.indexOf("cid:studio-logo.png")).toBeLessThan(html.indexOf("Lumen &amp; Co</td>"));
  });

  it("takes no logo that is not a cid, and none without one", () => {
    expect(rules.withHtml({ subject: "s", text: "t" }, vars, { studio: "Lumen", color: "", logo: 'x" onerror="alert(1)' }).html).not.toContain("<img");
    expect(rules.withHtml({ subject: "s", text: "t" }, vars, { studio: "Lumen", color: "" }).html).not.toContain("<img");
  });
});
