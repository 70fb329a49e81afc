/** Renders the one current toast and dismisses it after its duration. */
import { useEffect } from "react";
import { TOAST_DURATION_MS, type Toast } from "../lib/toast-types";
import { UI_TEXTS } from "./texts";

export function Toaster({ toast, onDismiss }: { toast: Toast | null; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.durationMs ?? TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);

  if (!toast) return null;
  return (
    <div className="toaster" aria-live="polite">
      <div className={`toast toast-${toast.variant ?? "default"}`} role="status" data-testid="toast">
        <div className="toast-body">
          <p className="toast-title">{toast.title}</p>
          {toast.description ? <p className="toast-description">{toast.description}</p> : null}
        </div>
        {toast.action ? (
          <button type="button" className="btn btn-outline toast-action" onClick={toast.action.onClick}>
            {toast.action.label}
          </button>
        ) : null}
        <button type="button" className="toast-close" aria-label={UI_TEXTS.close} onClick={() => onDismiss(toast.id)}>
          ×
        </button>
      </div>
    </div>
  );
}
