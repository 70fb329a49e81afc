/** Gives the unlocked gallery's page its proofing (favourites, lists, comments, submission). */
import type { ReactNode } from "react";
import { ProofingContext, useProofing } from "./useProofing";

export function ProofingProvider({ accessUrl, isPreview = false, children }: { accessUrl: string; isPreview?: boolean; children: ReactNode }) {
  return <ProofingContext.Provider value={useProofing(accessUrl, isPreview)}>{children}</ProofingContext.Provider>;
}
