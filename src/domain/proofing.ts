/**
 * Proofing as the owner's device keeps it (issue 12): the visitor's favourites, picks and comments
 * (server-written, read-only on the device), the gallery's submitted state and the owner's lists (their
 * collections and fields are in the collection registry, src/domain/registry.ts). Also the file names in
 * the form Lightroom's filter accepts.
 */
export interface ProofRow {
  id: string;
  client: string;
  updated: string;
  [field: string]: unknown;
}

/** "IMG_0001.CR3, IMG_0002" for Lightroom's filter: names without extensions, comma-separated. */
export function lightroomNames(fileNames: readonly string[]): string {
  return fileNames.map((n) => n.replace(/\.[^./\\]+$/, "")).join(", ");
}
