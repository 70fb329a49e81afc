/**
 * The typeface pairings a gallery may use (issue 27): a heading face and a body face each, self-hosted from
 * the @fontsource packages (SIL Open Font License 1.1), the latin subset only, woff2 only, one heading weight
 * and two body weights. "system" is the system's font stack (src/ui/tokens.css): nothing to download.
 *
 * A pairing's files are in its own module (./classic.ts, ...), imported only when a page asks for that
 * pairing, so a visitor downloads their gallery's fonts and no others. The faces are added to
 * `document.fonts` with `display: "swap"` and the latin `unicodeRange`: the browser fetches a file only when
 * text set in that face needs it, showing the fallback meanwhile.
 */
import type { FaceSource } from "./faces";

/** The system's stack, the fallback of every body face (the same as `--font-sans` in src/ui/tokens.css). */
const SYSTEM_SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export interface Pairing {
  /** `font-family` of headings (the cover's title, section titles). */
  heading: string;
  /** `font-family` of everything else. */
  body: string;
  /** The two faces' names, as the owner's picker shows them. */
  names: string;
  /** The heading face's one weight, so no bold is synthesised. */
  headingWeight: number;
  load: () => Promise<{ FACES: readonly FaceSource[] }>;
}

export const PAIRINGS = {
  /** A classic serif heading over a warm sans: Playfair Display and Lato. */
  classic: { names: "Playfair Display · Lato", heading: '"Playfair Display", Georgia, serif', body: `Lato, ${SYSTEM_SANS}`, headingWeight: 600, load: () => import("./classic") },
  /** A modern sans pair: Montserrat headings, Inter text. */
  modern: { names: "Montserrat · Inter", heading: `Montserrat, ${SYSTEM_SANS}`, body: `Inter, ${SYSTEM_SANS}`, headingWeight: 600, load: () => import("./modern") },
  /** An elegant display face over a clean sans: Cormorant Garamond and Montserrat. */
  elegant: { names: "Cormorant Garamond · Montserrat", heading: '"Cormorant Garamond", Garamond, Georgia, serif', body: `Montserrat, ${SYSTEM_SANS}`, headingWeight: 600, load: () => import("./elegant") },
} as const satisfies Record<string, Pairing>;

export type PairingName = keyof typeof PAIRINGS;

/** Unicode ranges of Fontsource's latin subset (its unicode.json). */
const LATIN = "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

const added = new Set<string>();

/** Adds a pairing's faces to the document (once); the browser loads each when text needs it. */
export async function addPairing(name: PairingName): Promise<void> {
  const { FACES } = await PAIRINGS[name].load();
  for (const face of FACES) {
    if (added.has(face.url)) continue;
    added.add(face.url);
    document.fonts.add(new FontFace(face.family, `url(${JSON.stringify(face.url)}) format("woff2")`, { weight: String(face.weight), style: "normal", display: "swap", unicodeRange: LATIN }));
  }
}
