/** The elegant pairing's files (Cormorant Garamond 600, Montserrat 400 and 600; latin, woff2). */
import cormorant600 from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2?url";
import montserrat400 from "@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url";
import montserrat600 from "@fontsource/montserrat/files/montserrat-latin-600-normal.woff2?url";
import type { FaceSource } from "./faces";

export const FACES: readonly FaceSource[] = [
  { family: "Cormorant Garamond", weight: 600, url: cormorant600 },
  { family: "Montserrat", weight: 400, url: montserrat400 },
  { family: "Montserrat", weight: 600, url: montserrat600 },
];
