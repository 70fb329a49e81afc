/** One font file of a pairing: its family, its weight and the URL of its woff2 in the build. */
export interface FaceSource {
  family: string;
  weight: number;
  url: string;
}
