/** The shape of a toast, shared by the toast state and the presentational Toaster. */
/** Toasts stay 5000 ms unless they say otherwise (specification, section 9). */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
  action?: { label: string; onClick: () => void };
}
