/**
 * The download PIN's prompt: `ensure()` resolves true at once when no PIN is needed (or it was proven this
 * session), otherwise opens the dialog and resolves when the visitor proved it (true) or cancelled (false).
 */
import { useCallback, useRef, useState } from "react";
import type { Delivery } from "./api";

export function useDownloadPin(delivery: Delivery | null, prove: ((pin: string) => Promise<void>) | undefined) {
  const [isAsking, setIsAsking] = useState(false);
  const waiting = useRef<((ok: boolean) => void) | null>(null);
  const needsPin = !!delivery?.pinRequired && !delivery.pinVerified;

  const ensure = useCallback((): Promise<boolean> => {
    if (!needsPin) return Promise.resolve(true);
    waiting.current?.(false);
    setIsAsking(true);
    return new Promise((resolve) => {
      waiting.current = resolve;
    });
  }, [needsPin]);

  const finish = useCallback((ok: boolean) => {
    setIsAsking(false);
    waiting.current?.(ok);
    waiting.current = null;
  }, []);

  const submit = useCallback(
    async (pin: string) => {
      if (prove) await prove(pin);
      finish(true);
    },
    [prove, finish],
  );

  return { isAsking, ensure, submit, cancel: () => finish(false) };
}
