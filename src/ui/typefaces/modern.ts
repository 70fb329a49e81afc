/** The modern pairing's files (Montserrat 600, Inter 400 and 600; latin, woff2). */
import montserrat600 from "@fontsource/montserrat/files/montserrat-latin-600-normal.woff2?url";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff2?url";
import inter600 from "@fontsource/inter/files/inter-latin-600-normal.woff2?url";
import type { FaceSource } from "./faces";

export const FACES: readonly FaceSource[] = [
  { family: "Montserrat", weight: 600, url: montserrat600 },
  { family: "Inter", weight: 400, url: inter400 },
  { family: "Inter", weight: 600, url: inter600 },
];
