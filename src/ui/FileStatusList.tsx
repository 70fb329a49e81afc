/**
 * The per-file list of the progress dialogs (upload, conversion, download): name, a status line, and the
 * error when there is one. Only the rows in view are rendered (a 200-file import opened its dialog in
 * one long task otherwise), and rows are memoized: a progress update re-renders only the row that changed.
 * An error that does not fit its row is shortened; hovering shows it whole.
 */
import { memo } from "react";
import { VirtualList } from "./VirtualList";
import { UI_TEXTS } from "./texts";

export interface FileStatusItem {
  id: string;
  name: string;
  status: string;
  error?: string;
  /** What the person should know of a file that went through (said below it, not as an error). */
  note?: string;
}

const ROW_HEIGHT = 56;

const Row = memo(function Row({ item, statusLine }: { item: FileStatusItem; statusLine: string }) {
  return (
    <div className={`file-status file-status-${item.status}`}>
      <span className="file-status-name" title={item.name}>
        {item.name}
      </span>
      <span className="file-status-state">{statusLine}</span>
      {item.error ? (
        <span className="file-status-error" title={item.error}>
          {item.error}
        </span>
      ) : item.note ? (
        <span className="file-status-note" title={item.note}>
          {item.note}
        </span>
      ) : null}
    </div>
  );
});

export function FileStatusList<T extends FileStatusItem>({ items, statusLine }: { items: T[]; statusLine: (item: T) => string }) {
  return (
    <VirtualList
      className="file-status-list"
      label={UI_TEXTS.files}
      items={items}
      rowHeight={ROW_HEIGHT}
      keyOf={(item) => item.id}
      renderItem={(item) => <Row item={item} statusLine={statusLine(item)} />}
    />
  );
}
