/**
 * Every email's HTML in the table layout Outlook for Windows renders: no layout on divs or max-width alone
 * (its Word engine ignores both), a fixed 560 px column for Outlook in its conditional comment, buttons as
 * table cells with their colour and padding (Outlook drops a link's padding), and the logo sized by an attribute.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { layout, button } = require("./mail_layout.js") as { layout: (p: { body: string; band?: string; color?: string; lang?: string }) => string; button: (href: string, label: string, color: string) => string };
const rules = require("./mail_rules.js") as { withHtml: (m: { subject: string; text: string }, vars: Record<string, string>, brand: { studio: string; color: string; logo?: string }) => { html: string } };
const alert = require("./auth_alert_mail.js") as { authAlertMessage: (lang: string, studio: string) => { html: string } };
const proofing = require("./proofing_rules.js") as { submittedEmail: (...args: unknown[]) => { html: string } };
const reset = require("../core/reset_mail.js") as { resetMessage: (link: string, studio: string) => { html: string } };

/** What Outlook's Word engine needs of a document: tables for layout, nothing it ignores carrying the design. */
function expectOutlookSafe(html: string) {
  expect(html).not.toMatch(/<div/i);
  expect(html).not.toMatch(/display:\s*inline-block/i);
  // max-width only on the column, which Outlook gets at a fixed width from its conditional table.
  expect(html.match(/max-width:\d+px;background/g) ?? []).toHaveLength(1);
  expect(html).toContain('<!--[if mso]><table role="presentation" width="560"');
  // No padding on a link: a button's padding is its cell's.
  for (const a of html.match(/<a [^>]*>/g) ?? []) expect(a).not.toMatch(/padding/);
  for (const t of html.match(/<table[^>]*>/g) ?? []) {
    for (const attr of ['role="presentation"', 'cellpadding="0"', 'cellspacing="0"', 'border="0"']) expect(t).toContain(attr);
  }
  expect(html).toMatch(/^<!doctype html><html[^>]*><head><meta charset="utf-8">/);
}

describe("the emails' HTML layout", () => {
  it("frames a body in a centred column, with the band on the studio's colour", () => {
    const html = layout({ body: "<p>Hi</p>", band: "Lumen", color: "#112233", lang: "de" });
    expectOutlookSafe(html);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<td bgcolor="#112233" style="background:#112233;');
    expect(html.indexOf("Lumen</td>")).toBeLessThan(html.indexOf("<p>Hi</p>"));
  });

  it("draws a button as a coloured cell around its link", () => {
    expect(button("https://x/g", "Open", "#112233")).toMatch(/<td align="center" bgcolor="#112233" style="background:#112233;border-radius:6px;padding:12px 20px"><a href="https:\/\/x\/g" style="color:#ffffff;/);
  });

  it("is the frame of the gallery email, with its button and the logo sized by its height attribute", () => {
    const vars = { client: "Ada", link: "https://x/gallery/abc", code: "K2", studio: "Lumen", expiry: "", lang: "fr" };
    const { html } = rules.withHtml({ subject: "s", text: "Bonjour\n\nhttps://x/gallery/abc" }, vars, { studio: "Lumen", color: "#0f766e", logo: "cid:studio-logo.png" });
    expectOutlookSafe(html);
    expect(html).toContain('<img src="cid:studio-logo.png" alt="Lumen" height="56"');
    expect(html).toMatch(/bgcolor="#0f766e"[^>]*><a href="https:\/\/x\/gallery\/abc"/);
  });

  it("is the frame of the sign-in alert, the selection email and the password reset too", () => {
    expectOutlookSafe(alert.authAlertMessage("de", "Lumen").html);
    expect(alert.authAlertMessage("de", "Lumen").html).toContain("<p>Hallo,</p>");
    expectOutlookSafe(proofing.submittedEmail("Ada", "Ada", [], 2, 1, "https://x/g", "", { language: "fr" }).html);
    expectOutlookSafe(reset.resetMessage("https://x/auth/reset-password/t", "Lumen").html);
  });
});
