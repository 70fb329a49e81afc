/** Whether a new version of the app waits to take over, how to apply it, and whether the app works offline yet. */
import { create } from "zustand";

interface UpdateState {
  applyUpdate: (() => void) | null;
  setWaiting: (apply: () => void) => void;
  /**
   * Whether a service worker controls the page, so the app and its photo tools load without a network.
   * null where there is none to wait for (a development server, a browser without service workers or one
   * that refused to register it).
   */
  isOfflineReady: boolean | null;
  setOfflineReady: (isReady: boolean | null) => void;
}

export const useAppUpdate = create<UpdateState>((set) => ({
  applyUpdate: null,
  setWaiting: (apply) => set({ applyUpdate: apply }),
  isOfflineReady: null,
  setOfflineReady: (isReady) => set({ isOfflineReady: isReady }),
}));
