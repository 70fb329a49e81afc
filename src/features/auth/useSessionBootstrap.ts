/**
 * Restores the session when the app starts: the user kept on this device signs in at once (so the owner
 * can work offline), then the token is refreshed whenever the server is reachable (now and on every
 * reconnect). Only the server saying the session is invalid signs the user out.
 */
import { useEffect } from "react";
import { refreshSession, signOut, storedUser } from "../../sync/auth";
import { useSession } from "../../state/session";

export function useSessionBootstrap(): void {
  useEffect(() => {
    const { setUser, setSignedOut } = useSession.getState();
    const user = storedUser();
    if (!user) {
      setSignedOut();
      return;
    }
    setUser(user);

    const refresh = async () => {
      if (!navigator.onLine) return;
      const outcome = await refreshSession();
      if (outcome.kind === "refreshed") setUser(outcome.user);
      if (outcome.kind === "rejected") {
        signOut();
        setSignedOut();
      }
    };
    void refresh();
    window.addEventListener("online", refresh);
    return () => window.removeEventListener("online", refresh);
  }, []);
}
