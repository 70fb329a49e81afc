/**
 * The new-sign-in alert (issue 37): in every language of the app, naming the studio, in the studio's
 * language (English for one the app does not speak); the studio's name is escaped in the HTML part.
 */
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../src/lib/i18n/locales";
import { ALERT_TEXTS, authAlertMessage } from "./auth_alert_mail.js";

describe("sign-in alert email", () => {
  it("speaks every language of the app and names the studio", () => {
    expect(Object.keys(ALERT_TEXTS).sort()).toEqual([...LOCALES].sort());
    for (const lang of LOCALES) {
      const m = authAlertMessage(lang, "Lumen <Studio>");
      expect(m.subject, lang).toContain("Lumen <Studio>");
      expect(m.text, lang).toContain("Lumen <Studio>");
      expect(m.html, lang).toContain("Lumen &lt;Studio&gt;");
      expect(m.html, lang).not.toContain("<Studio>");
    }
  });

  it("goes out in the studio's language, else English, and names Studio Gallery when the studio has no name", () => {
    expect(authAlertMessage("de", "Lumen").subject).toBe("Neue Anmeldung bei Lumen");
    expect(authAlertMessage("de", "Lumen").text).toContain("Wenn Sie das waren");
    expect(authAlertMessage("xx", "").subject).toBe("New sign-in to Studio Gallery");
    expect(authAlertMessage("", "Lumen").text).not.toMatch(/Acme|localhost|\/_\//);
  });
});
