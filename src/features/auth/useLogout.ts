/**
 * Sign-out. The device's copy of the studio's data is removed with the session; when some of it has not
 * reached the server yet, the owner is asked first (`pendingChanges` is then set and a dialog shows).
 */
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { db } from "../../store/db";
import { signOut } from "../../sync/auth";
import { unsyncedChangeCount, wipeLocalData } from "../../sync/localData";
import { useSession } from "../../state/session";
import { toast } from "../../state/toast";
import { AUTH_TEXTS } from "./texts";
import { errorMessage } from "../../lib/errors";

export function useLogout() {
  const navigate = useNavigate();
  const [pendingChanges, setPendingChanges] = useState<number | null>(null);

  const finish = async () => {
    setPendingChanges(null);
    signOut();
    useSession.getState().setSignedOut(); // stops sync before the data goes
    try {
      await wipeLocalData(db);
      toast({ title: AUTH_TEXTS.logoutSuccessTitle, description: AUTH_TEXTS.logoutSuccessDescription });
    } catch (err) {
      toast({ title: AUTH_TEXTS.logoutFailed, description: errorMessage(err), variant: "destructive" });
    }
    navigate("/auth", { replace: true });
  };

  const request = async () => {
    const count = await unsyncedChangeCount(db);
    if (count > 0) setPendingChanges(count);
    else await finish();
  };

  return { request, pendingChanges, cancel: () => setPendingChanges(null), confirm: finish };
}
