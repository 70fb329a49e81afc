/** This origin's storage use, quota and persistence, as the browser reports them. */
import { useEffect, useState } from "react";

export interface StorageEstimate {
  usage: number;
  quota: number;
  isPersisted: boolean;
}

const isSupported = () => typeof navigator !== "undefined" && typeof navigator.storage?.estimate === "function";

export function useStorageEstimate(): StorageEstimate | null | "unsupported" {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  useEffect(() => {
    if (!isSupported()) return;
    let isCurrent = true;
    void Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? Promise.resolve(false)]).then(([e, isPersisted]) => {
      if (isCurrent) setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0, isPersisted });
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return isSupported() ? estimate : "unsupported";
}
