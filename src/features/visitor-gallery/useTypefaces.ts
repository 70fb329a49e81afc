/**
 * The gallery's typeface pairing (issue 27) on the visitor's page: "system" changes nothing and loads
 * nothing; a pairing adds its faces (only its own files, src/lib/typefaces) and sets `--font-sans`,
 * `--font-heading` and `--font-heading-weight` on <html>, which the page's text and headings use
 * (src/ui/base.css, gallery.css).
 */
import { useEffect } from "react";
import type { Typefaces } from "../../domain/records";
import { addPairing, PAIRINGS } from "../../ui/typefaces/typefaces";

const PROPERTIES = ["--font-sans", "--font-heading", "--font-heading-weight"] as const;

export function useTypefaces(typefaces: Typefaces): void {
  useEffect(() => {
    const style = document.documentElement.style;
    if (typefaces === "system") return;
    const pairing = PAIRINGS[typefaces];
    void addPairing(typefaces).catch(() => undefined); // offline or a stale build: the fallback stack stays
    style.setProperty("--font-sans", pairing.body);
    style.setProperty("--font-heading", pairing.heading);
    style.setProperty("--font-heading-weight", String(pairing.headingWeight));
    return () => PROPERTIES.forEach((p) => style.removeProperty(p));
  }, [typefaces]);
}
