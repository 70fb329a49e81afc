/**
 * Proofing as the owner's device keeps it (issue 12): the gallery's people (issue 26), each person's
 * favourites, picks and comments and submitted state (server-written, read-only on the device), and the
 * owner's lists. Also the file names in the form Lightroom's filter accepts.
 */
export const PROOF_COLLECTIONS = ["proof_lists", "proof_states", "proof_people", "proof_favourites", "proof_picks", "proof_comments"] as const;
export type ProofCollection = (typeof PROOF_COLLECTIONS)[number];

export const isProofCollection = (name: string): name is ProofCollection => (PROOF_COLLECTIONS as readonly string[]).includes(name);

/** The fields each pull asks for (and the device keeps), besides id, client and updated. */
export const PROOF_FIELDS: Record<ProofCollection, readonly string[]> = {
  proof_lists: ["name", "limit", "created"],
  proof_states: ["submittedAt", "person"],
  proof_people: ["name", "email", "shared", "created"],
  proof_favourites: ["person", "image", "created"],
  proof_picks: ["person", "list", "image", "created"],
  proof_comments: ["person", "image", "text", "updated"],
};

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
