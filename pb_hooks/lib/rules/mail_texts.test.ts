import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../src/lib/i18n/locales";
import { MAIL_TEXTS, SELECTION_TEXTS, mailLanguage, selectionTexts } from "./mail_texts.js";

describe("mail texts", () => {
  it("has every language of the app, each with its reminders naming the link, the code and the day", () => {
    expect(Object.keys(MAIL_TEXTS).sort()).toEqual([...LOCALES].sort());
    const vars = { client: "Ada", link: "https://x/gallery/abc", code: "K2", studio: "Lumen", expiry: "DAY" };
    for (const [lang, texts] of Object.entries(MAIL_TEXTS)) {
      for (const placeholder of ["{client}", "{link}", "{code}", "{studio}"]) expect(texts.template, `${lang} template`).toContain(placeholder);
      expect(texts.subject("Lumen"), lang).toContain("Lumen");
      for (const kind of ["reminder-1", "reminder-7"] as const) {
        const { subject, text } = texts.reminder(kind, vars);
        expect(subject, lang).toContain("Lumen");
        for (const part of ["Ada", "https://x/gallery/abc", "K2", "DAY"]) expect(text, `${lang} ${kind}`).toContain(part);
      }
    }
  });

  it("goes out in the gallery's language, else the studio's, else English", () => {
    expect(mailLanguage("fr", "de")).toBe("fr");
    expect(mailLanguage("", "de")).toBe("de");
    expect(mailLanguage("", "")).toBe("en");
    expect(mailLanguage("xx", "yy")).toBe("en");
  });

  it("has the studio's selection email in every language, naming the person, the gallery, the day and the counts", () => {
    expect(Object.keys(SELECTION_TEXTS).sort()).toEqual([...LOCALES].sort());
    for (const [lang, t] of Object.entries(SELECTION_TEXTS)) {
      const who = t.who("Anna", "Ada");
      for (const part of ["Anna", "Ada"]) expect(who, lang).toContain(part);
      expect(t.subject(who), lang).toContain(who);
      expect(t.submitted(who, "DAY"), lang).toContain("DAY");
      expect(t.email("Anna", "anna@x.test"), lang).toContain("anna@x.test");
      expect(t.list("Album", 12, 30), lang).toMatch(/Album.*12.*30/);
      expect(t.list("Album", 12, 0), lang).not.toContain("0 ");
    }
    expect(selectionTexts("xx")).toBe(SELECTION_TEXTS.en);
  });

  it("speaks in each language's one register and typography, as the app's catalogues do (issue 37)", () => {
    const vars = { client: "Ada", link: "L", code: "K2", studio: "Lumen", expiry: "DAY" };
    const all = (lang: string) => {
      const t = MAIL_TEXTS[lang]!;
      const r = [t.reminder("reminder-1", vars), t.reminder("reminder-7", vars)];
      return [t.template, t.subject("Lumen"), t.open, ...r.flatMap((x) => [x.subject, x.text])].join("\n");
    };
    expect(all("de")).not.toMatch(/(?<!\p{L})(?:[Dd]u|[Dd]ich|[Dd]ir|[Dd]ein\p{L}*)(?!\p{L})/u);
    expect(all("nl")).not.toMatch(/(?<!\p{L})(?:[Uu]|[Uu]w)(?!\p{L})/u);
    const french = all("fr") + JSON.stringify(selectionTexts("fr").list("Album", 1, 30)) + selectionTexts("fr").gallery;
    expect(french).not.toMatch(/[ \u00a0][:;?!]/);
    // The default the Settings page shows is the one the server sends.
    for (const lang of Object.keys(MAIL_TEXTS).filter((l) => l !== "en")) {
      const catalogue = JSON.parse(readFileSync(new URL(`../../../src/locales/${lang}/settings.json`, import.meta.url), "utf8")) as { defaultEmailTemplate: string };
      expect(MAIL_TEXTS[lang]!.template, lang).toBe(catalogue.defaultEmailTemplate);
    }
  });
});
