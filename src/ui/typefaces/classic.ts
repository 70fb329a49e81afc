/** The classic pairing's files (Playfair Display 600, Lato 400 and 700; latin, woff2). */
import playfair600 from "@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url";
import lato400 from "@fontsource/lato/files/lato-latin-400-normal.woff2?url";
import lato700 from "@fontsource/lato/files/lato-latin-700-normal.woff2?url";
import type { FaceSource } from "./faces";

export const FACES: readonly FaceSource[] = [
  { family: "Playfair Display", weight: 600, url: playfair600 },
  { family: "Lato", weight: 400, url: lato400 },
  { family: "Lato", weight: 700, url: lato700 },
];
