/**
 * Restores the session when the app starts: the user kept on this device signs in at once (so the owner
 * can work offline), then the token is refreshed whenever the server is reachable (now and on every
 * reconnect). Only the server saying the session is invalid signs the user out, and that keeps the
 * device's data: it belongs to that account (store/accountDb.ts) and waits for its next sign-in.
 *
 * The database this page opened is the account's that was signed in when the app loaded. When the kept
 * session moves to another account (another tab signed in), this page reloads so it opens that account's
 * database and shows nothing of the first; when it ends (signed out here or elsewhere), the page signs out.
 */
import { useEffect } from "react";
import type { SessionUser } from "../../domain/user";
import { db } from "../../store/db";
import { onStoredSessionChange, refreshSession, signOut, storedUser } from "../../sync/auth";
import { useSession } from "../../state/session";

/** Whether `user` is the account whose database this page opened (nobody's, for nobody). */
function ownsOpenDatabase(user: SessionUser | null): boolean {
  return (user?.id ?? "") === db.accountId;
}

export function useSessionBootstrap(): void {
  useEffect(() => {
    const { setUser, setSignedOut } = useSession.getState();
    const user = storedUser();
    if (!ownsOpenDatabase(user)) {
      window.location.reload(); // the session changed while the app loaded
      return;
    }
    const stopWatching = onStoredSessionChange((next) => {
      if (!next) setSignedOut();
      else if (ownsOpenDatabase(next)) setUser(next);
      // Another account: this page shows (and syncs) the first one's data. A sign-in on this page reloads by itself.
      else if (useSession.getState().status !== "signed-out") window.location.reload();
    });
    if (!user) {
      setSignedOut();
      return stopWatching;
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
    return () => {
      stopWatching();
      window.removeEventListener("online", refresh);
    };
  }, []);
}
