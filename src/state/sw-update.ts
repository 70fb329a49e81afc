/** Whether a new version of the app waits to take over, and how to apply it. */
import { create } from "zustand";

interface UpdateState {
  applyUpdate: (() => void) | null;
  setWaiting: (apply: () => void) => void;
}

export const useAppUpdate = create<UpdateState>((set) => ({
  applyUpdate: null,
  setWaiting: (apply) => set({ applyUpdate: apply }),
}));
