/**
 * Toasts: one at a time, 5000 ms by default (specification, section 9). A toast can be carried across a
 * full page reload (login ends with one) through sessionStorage.
 */
import { create } from "zustand";
import type { Toast } from "../lib/toast-types";

export type { Toast, ToastVariant } from "../lib/toast-types";
const PENDING_KEY = "studio-gallery:pending-toast";

interface ToastState {
  current: Toast | null;
  show: (toast: Omit<Toast, "id">) => void;
  dismiss: (id?: number) => void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  current: null,
  show: (toast) => set({ current: { ...toast, id: nextId++ } }),
  dismiss: (id) => {
    if (id === undefined || get().current?.id === id) set({ current: null });
  },
}));

export function toast(t: Omit<Toast, "id">): void {
  useToasts.getState().show(t);
}

/** Shows a toast and returns its id, for `dismissToast` once what it says is no longer true. */
export function toastWithId(t: Omit<Toast, "id">): number {
  useToasts.getState().show(t);
  return useToasts.getState().current!.id;
}

/** Takes the toast `id` away if it still shows (another toast has replaced it otherwise). */
export function dismissToast(id: number): void {
  useToasts.getState().dismiss(id);
}

/** Shows the toast after the next full page load. */
export function toastAfterReload(t: Omit<Toast, "id" | "action">): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(t));
}

export function takePendingToast(): Omit<Toast, "id"> | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  if (!raw) return null;
  sessionStorage.removeItem(PENDING_KEY);
  try {
    return JSON.parse(raw) as Omit<Toast, "id">;
  } catch {
    return null;
  }
}
