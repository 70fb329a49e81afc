/**
 * A grid of square cards that renders only the rows near the viewport (the page scrolls, not the grid),
 * so a gallery of thousands of photos keeps a bounded number of elements. Columns follow the grid's own
 * width: 1, 2, 3 or 4.
 */
import { useCallback, useRef, useState, type ReactNode } from "react";
import { useElementWidth, useWindowMoves } from "./useWindowedView";

const GAP = 16;
const OVERSCAN_ROWS = 2;

export function columnsFor(width: number): number {
  if (width < 480) return 1;
  if (width < 720) return 2;
  if (width < 960) return 3;
  return 4;
}

interface Props<T> {
  items: T[];
  keyOf: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Extra height under the square (caption). */
  captionHeight?: number;
  label?: string;
}

export function VirtualGrid<T>({ items, keyOf, renderItem, captionHeight = 0, label }: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const [range, setRange] = useState({ first: 0, last: 3 });
  const columns = columnsFor(width);
  const cardWidth = width ? (width - GAP * (columns - 1)) / columns : 0;
  const rowHeight = cardWidth + captionHeight + GAP;
  const rows = Math.ceil(items.length / columns);

  const onMove = useCallback(
    (el: HTMLElement) => {
      if (!rowHeight) return;
      const top = el.getBoundingClientRect().top;
      const first = Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN_ROWS);
      const last = Math.min(rows - 1, Math.ceil((window.innerHeight - top) / rowHeight) + OVERSCAN_ROWS);
      setRange((r) => (r.first === first && r.last === last ? r : { first, last }));
    },
    [rowHeight, rows],
  );
  useWindowMoves(ref, onMove);

  const visible = [];
  if (width) {
    for (let row = range.first; row <= Math.min(range.last, rows - 1); row++) {
      for (let col = 0; col < columns; col++) {
        const index = row * columns + col;
        const item = items[index];
        if (item === undefined) break;
        visible.push(
          <div
            key={keyOf(item)}
            className="vgrid-cell"
            role="listitem"
            style={{ top: row * rowHeight, left: col * (cardWidth + GAP), width: cardWidth, height: cardWidth + captionHeight }}
          >
            {renderItem(item, index)}
          </div>,
        );
      }
    }
  }
  return (
    <div ref={ref} className="vgrid" role="list" aria-label={label} style={{ height: rows ? rows * rowHeight - GAP : 0 }}>
      {visible}
    </div>
  );
}
