/** Who is signed in on this device. Short-lived session state only; no data rows live here. */
import { create } from "zustand";
import type { SessionUser } from "../domain/user";

export type SessionStatus = "loading" | "signed-in" | "signed-out";

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /**
   * The server accepted this session since the app loaded (a refresh or a sign-in answered). Sync waits
   * for it: a session the server has revoked would push the device's queue as nobody, and refusals park
   * or drop entries. Offline work does not wait for it.
   */
  isConfirmed: boolean;
  setUser: (user: SessionUser) => void;
  setConfirmed: (user: SessionUser) => void;
  setSignedOut: () => void;
}

export const useSession = create<SessionState>((set) => ({
  status: "loading",
  user: null,
  isConfirmed: false,
  setUser: (user) => set({ status: "signed-in", user }),
  setConfirmed: (user) => set({ status: "signed-in", user, isConfirmed: true }),
  setSignedOut: () => set({ status: "signed-out", user: null, isConfirmed: false }),
}));
