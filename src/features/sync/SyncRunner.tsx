/** Runs sync while a studio owner is signed in, and asks the browser to keep the data persistently. */
import { useEffect } from "react";
import { useSession } from "../../state/session";
import { startAppSync } from "../../sync/appSync";
import { requestPersistentStorage } from "../../sync/localData";

export function SyncRunner() {
  const isOwner = useSession((s) => s.status === "signed-in" && s.user?.isStudioOwner === true);
  useEffect(() => {
    if (!isOwner) return;
    void requestPersistentStorage();
    return startAppSync();
  }, [isOwner]);
  return null;
}
