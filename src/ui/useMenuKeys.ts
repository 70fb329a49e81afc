/**
 * The keyboard of the ARIA menu pattern for a popup with role=menu inside `ref`: opening focuses the first
 * item, Up/Down move through the items (wrapping), Home/End jump to the ends, and when the menu closes
 * while focus was in it (Escape, a choice) focus goes back to the button that opened it.
 */
import { useEffect, type RefObject } from "react";

export function useMenuKeys(ref: RefObject<HTMLElement | null>, isOpen: boolean): void {
  useEffect(() => {
    const root = ref.current;
    if (!isOpen || !root) return;
    const items = () => [...root.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"]')];
    items()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
      if (next === undefined || !list.length) return;
      event.preventDefault();
      list[(next + list.length) % list.length]!.focus();
    };
    root.addEventListener("keydown", onKey);
    const trigger = root.querySelector<HTMLElement>("[aria-haspopup]");
    return () => {
      root.removeEventListener("keydown", onKey);
      if (!document.activeElement || document.activeElement === document.body || root.contains(document.activeElement)) trigger?.focus();
    };
  }, [ref, isOpen]);
}
