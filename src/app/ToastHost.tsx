/** Connects the toast state to the presentational Toaster and shows a toast carried across a reload. */
import { useEffect } from "react";
import { takePendingToast, useToasts } from "../state/toast";
import { Toaster } from "../ui/Toaster";

export function ToastHost() {
  const current = useToasts((s) => s.current);
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    const pending = takePendingToast();
    if (pending) useToasts.getState().show(pending);
  }, []);
  return <Toaster toast={current} onDismiss={dismiss} />;
}
