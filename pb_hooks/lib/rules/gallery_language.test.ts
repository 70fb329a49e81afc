import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../src/lib/i18n/locales";
import language from "./gallery_language.js";

describe("gallery_language", () => {
  it("speaks the app's languages", () => {
    expect(language.LANGUAGES).toEqual([...LOCALES]);
  });

  it("takes the first language of Accept-Language the app speaks, by q then order", () => {
    expect(language.negotiate("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(language.negotiate("ja,pt-PT;q=0.5,fr;q=0.4")).toBe("pt-BR");
    expect(language.negotiate("en;q=0.2, nl;q=0.9")).toBe("nl");
    expect(language.negotiate("ja, zh-CN")).toBe("");
    expect(language.negotiate("")).toBe("");
    expect(language.negotiate("fr;q=0, it")).toBe("it");
  });

  it("shows a gallery in its own language, else the browser's, else the studio's, else English", () => {
    expect(language.pageLanguage("fr", "en-US,en", "de")).toBe("fr");
    expect(language.pageLanguage("", "es-MX,es", "de")).toBe("es");
    expect(language.pageLanguage("", "ja", "de")).toBe("de");
    expect(language.pageLanguage("", "ja", "")).toBe("en");
    expect(language.pageLanguage("xx", "ja", "")).toBe("en");
  });

  it("names the studio and never the client in every language", () => {
    for (const lang of language.LANGUAGES) {
      const { title, description } = language.pageTexts(lang, "Bright Studio");
      expect(title).toMatch(/ · Bright Studio$/);
      expect(description).toContain("Bright Studio");
      expect(language.pageTexts(lang, "").title).not.toContain("·");
    }
    expect(language.pageTexts("de", "Bright Studio").title).toBe("Galerie · Bright Studio");
  });
});
