/**
 * Files the owner chose again for an interrupted import: handed from the notice (shown on any screen) to
 * that client's gallery, which starts the import and takes them. Short-lived: never stored.
 */
import { create } from "zustand";

export interface ImportAgain {
  client: string;
  kind: "images" | "zip";
  files: File[];
  /** The journal of the interrupted import: it goes when the new import starts. */
  replaces: string;
}

interface ImportAgainState {
  pending: ImportAgain | null;
  hand: (pending: ImportAgain) => void;
  take: () => ImportAgain | null;
}

export const useImportAgain = create<ImportAgainState>((set, get) => ({
  pending: null,
  hand: (pending) => set({ pending }),
  take: () => {
    const { pending } = get();
    set({ pending: null });
    return pending;
  },
}));
