/**
 * What the virtualised grids (ui/VirtualGrid, the visitor's JustifiedGrid) need from the page: the grid's
 * width, kept current by a ResizeObserver, and a call whenever the window scrolls or resizes, so they
 * render only the rows near the viewport.
 */
import { useLayoutEffect, useState, type RefObject } from "react";

/** The element's width (0 before its first layout). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Calls `onMove(element)` now, and on every scroll and resize of the window while mounted; again whenever
 * `onMove` or `trigger` change (a new layout). Keep `onMove` stable (useCallback).
 */
export function useWindowMoves(ref: RefObject<HTMLElement | null>, onMove: (el: HTMLElement) => void, trigger?: unknown): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => onMove(el);
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [ref, onMove, trigger]);
}
