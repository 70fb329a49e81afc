/** Gives the unlocked gallery's page its proofing (favourites, lists, comments, submission). */
import type { ReactNode } from "react";
import { ProofingContext, useProofing } from "./useProofing";

export function ProofingProvider({ accessUrl, children }: { accessUrl: string; children: ReactNode }) {
  return <ProofingContext.Provider value={useProofing(accessUrl)}>{children}</ProofingContext.Provider>;
}
