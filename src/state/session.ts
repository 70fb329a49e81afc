/** Who is signed in on this device. Short-lived session state only; no data rows live here. */
import { create } from "zustand";
import type { SessionUser } from "../domain/user";

export type SessionStatus = "loading" | "signed-in" | "signed-out";

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  setUser: (user: SessionUser) => void;
  setSignedOut: () => void;
}

export const useSession = create<SessionState>((set) => ({
  status: "loading",
  user: null,
  setUser: (user) => set({ status: "signed-in", user }),
  setSignedOut: () => set({ status: "signed-out", user: null }),
}));
