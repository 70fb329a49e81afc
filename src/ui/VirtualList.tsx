/**
 * A scrolling list of fixed-height rows that renders only the rows in view (the sidebar of a big gallery).
 * When its rows overflow it takes the keyboard's focus, named by its label, so the arrow keys and Page Down
 * scroll it (issue 43: the download dialog's file list could not be scrolled by keyboard; axe's
 * scrollable-region-focusable).
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";

const OVERSCAN = 6;

interface Props<T> {
  items: T[];
  rowHeight: number;
  keyOf: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
  className?: string;
}

export function VirtualList<T>({ items, rowHeight, keyOf, renderItem, label, className }: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setView({ top: el.scrollTop, height: el.clientHeight });
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);
  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(items.length - 1, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const overflows = items.length * rowHeight > view.height + 1;
  const rows = [];
  for (let i = first; i <= last; i++) {
    const item = items[i]!;
    rows.push(
      <div key={keyOf(item)} role="listitem" className="vlist-row" style={{ top: i * rowHeight, height: rowHeight }}>
        {renderItem(item, i)}
      </div>,
    );
  }
  return (
    <div ref={ref} className={`vlist${className ? ` ${className}` : ""}`} {...(overflows ? { tabIndex: 0, role: "group", "aria-label": label } : {})}>
      <div role="list" aria-label={label} style={{ position: "relative", height: items.length * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
