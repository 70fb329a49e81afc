/** The preview's address (issue 27): what the owner's app writes is what the visitor's page reads back. */
import { describe, expect, it } from "vitest";
import { previewHref, previewParams } from "./previewParams";

describe("preview params", () => {
  it("reads back what previewHref writes, and nothing from a visitor's address", () => {
    const href = previewHref("/gallery/abc", { lang: "pt-BR", theme: "dark" });
    expect(href).toBe("/gallery/abc?preview=1&lang=pt-BR&theme=dark");
    expect(previewParams(href.slice(href.indexOf("?")))).toEqual({ lang: "pt-BR", theme: "dark" });
    expect(previewParams("")).toBeNull();
    expect(previewParams("?preview=0&lang=fr")).toBeNull();
    expect(previewParams("?preview=1&theme=purple")).toEqual({ lang: "", theme: "" });
  });
});
