/**
 * Restores the session when the app starts: the user kept on this device signs in at once (so the owner
 * can work offline), then the token is refreshed whenever the server is reachable (now and on every
 * reconnect); sync starts once the server has accepted the session (`isConfirmed`). Only the server
 * saying the session is invalid signs the user out, and that keeps the device's data: it belongs to that
 * account (store/accountDb.ts) and waits for its next sign-in.
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

/** How soon an unconfirmed session is refreshed again when the server could not be reached. */
const CONFIRM_RETRY_MS = 15_000;

/** Whether `user` is the account whose database this page opened (nobody's, for nobody). */
function ownsOpenDatabase(user: SessionUser | null): boolean {
  return (user?.id ?? "") === db.accountId;
}

export function useSessionBootstrap(): void {
  useEffect(() => {
    const { setUser, setConfirmed, setSignedOut } = useSession.getState();
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

    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      clearTimeout(retry);
      if (!navigator.onLine) return;
      const outcome = await refreshSession();
      if (outcome.kind === "refreshed") setConfirmed(outcome.user);
      if (outcome.kind === "rejected") {
        signOut();
        setSignedOut();
      }
      // Sync waits for a confirmed session: ask again while the server cannot be reached.
      if (outcome.kind === "unreachable" && !useSession.getState().isConfirmed) retry = setTimeout(() => void refresh(), CONFIRM_RETRY_MS);
    };
    void refresh();
    window.addEventListener("online", refresh);
    return () => {
      stopWatching();
      clearTimeout(retry);
      window.removeEventListener("online", refresh);
    };
  }, []);
}
