/** Phones: a header card with the gallery's name and count, Select All / Deselect All, Download (n), Clear. */
import { Button } from "../../ui/Button";
import { GALLERY_TEXTS } from "./texts";
import "./gallery.css";

interface Props {
  title: string;
  count: number;
  selectedCount: number;
  isAllSelected: boolean;
  onToggleAll: () => void;
  onDownload: () => void;
  onClear: () => void;
  /** False when the gallery's downloads are off: no Download button. */
  canDownload?: boolean;
}

export function MobileBar(p: Props) {
  return (
    <div className="mobile-bar">
      <div>
        <h2>{p.title}</h2>
        <span className="muted small">{GALLERY_TEXTS.imageCount(p.count)}</span>
      </div>
      <div className="mobile-bar-actions">
        <Button variant="outline" onClick={p.onToggleAll} disabled={p.count === 0}>
          {p.isAllSelected ? GALLERY_TEXTS.deselectAll : GALLERY_TEXTS.selectAll}
        </Button>
        {p.canDownload !== false ? (
          <Button onClick={p.onDownload} disabled={p.selectedCount === 0}>
            {GALLERY_TEXTS.mobileDownload(p.selectedCount)}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={p.onClear} disabled={p.selectedCount === 0}>
          {GALLERY_TEXTS.clear}
        </Button>
      </div>
    </div>
  );
}
