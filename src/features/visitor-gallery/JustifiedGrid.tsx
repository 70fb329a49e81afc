/**
 * The visitor's grid: justified rows (justifiedLayout.ts) that keep each photo's shape, rendered only near
 * the viewport (the page scrolls, not the grid) so a 2,000-photo gallery keeps a bounded number of
 * elements. Every box has its final size before its image arrives: nothing moves when images load.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { useElementWidth, useWindowMoves } from "../../ui/useWindowedView";
import { aspectOf, justifiedLayout } from "./justifiedLayout";
import "./gallery.css";

const OVERSCAN_PX = 800;

export interface Box {
  width: number;
  height: number;
}

interface Props<T extends { id: string; width?: number; height?: number }> {
  items: T[];
  label: string;
  renderItem: (item: T, box: Box, index: number) => ReactNode;
}

/** Row height to aim for: smaller on phones, so two photos share a row and portraits stay in view. */
export function targetRowHeight(width: number): number {
  if (width < 480) return 170;
  if (width < 960) return 220;
  return 260;
}

export const GRID_GAP = 6;

export function JustifiedGrid<T extends { id: string; width?: number; height?: number }>({ items, label, renderItem }: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const [view, setView] = useState({ top: 0, bottom: 1200 });
  const layout = useMemo(
    () => justifiedLayout(items.map((i) => aspectOf(i.width, i.height)), width, targetRowHeight(width), GRID_GAP),
    [items, width],
  );

  const onMove = useCallback((el: HTMLElement) => {
    const top = -el.getBoundingClientRect().top - OVERSCAN_PX;
    const bottom = top + window.innerHeight + 2 * OVERSCAN_PX;
    // Only re-render when the window moved by a good part of the overscan.
    setView((v) => (Math.abs(v.top - top) < OVERSCAN_PX / 4 ? v : { top, bottom }));
  }, []);
  useWindowMoves(ref, onMove, layout);

  const visible: ReactNode[] = [];
  for (const row of layout.rows) {
    if (row.top + row.height < view.top) continue;
    if (row.top > view.bottom) break;
    for (const box of row.boxes) {
      const item = items[box.index]!;
      visible.push(
        <div key={item.id} className="jgrid-cell" role="listitem" style={{ top: row.top, left: box.left, width: box.width, height: row.height }}>
          {renderItem(item, { width: box.width, height: row.height }, box.index)}
        </div>,
      );
    }
  }
  return (
    <div ref={ref} className="jgrid" role="list" aria-label={label} style={{ height: layout.height }}>
      {visible}
    </div>
  );
}
