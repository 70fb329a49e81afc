/**
 * The per-file list of the progress dialogs (upload, conversion, download): name, a status line, and the
 * error when there is one. Rows are memoized: a progress update re-renders only the row that changed,
 * which keeps a 200-file dialog cheap while it updates hundreds of times.
 */
import { memo } from "react";

export interface FileStatusItem {
  id: string;
  name: string;
  status: string;
  error?: string;
}

const Row = memo(function Row({ item, statusLine }: { item: FileStatusItem; statusLine: string }) {
  return (
    <li className={`file-status file-status-${item.status}`}>
      <span className="file-status-name" title={item.name}>
        {item.name}
      </span>
      <span className="file-status-state">{statusLine}</span>
      {item.error ? <span className="file-status-error">{item.error}</span> : null}
    </li>
  );
});

export function FileStatusList<T extends FileStatusItem>({ items, statusLine }: { items: T[]; statusLine: (item: T) => string }) {
  return (
    <ul className="file-status-list" aria-label="Files">
      {items.map((item) => (
        <Row key={item.id} item={item} statusLine={statusLine(item)} />
      ))}
    </ul>
  );
}
