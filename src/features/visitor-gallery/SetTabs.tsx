/**
 * The gallery's sets as tabs under the cover (issue 26): 'All' and each set with its count. Only a gallery
 * with sets shows them; a tab filters the grid, the sidebar, the viewer and 'Download All' to its photos.
 * Left and Right (Home, End) move to the next set and show it, as in the owner's tab lists.
 */
import type { GallerySet } from "./api";
import { GALLERY_TEXTS } from "./texts";
import { onTabKeys } from "../../ui/tabKeys";

interface Props {
  sets: readonly GallerySet[];
  /** The gallery's count for 'All'; null while only its first photos are here. */
  total: number | null;
  active: string;
  onChange: (setId: string) => void;
}

export function SetTabs({ sets, total, active, onChange }: Props) {
  if (!sets.length) return null;
  const tabs = [{ id: "", name: GALLERY_TEXTS.allSets, count: total }, ...sets];
  return (
    <nav className="set-tabs" aria-label={GALLERY_TEXTS.setsLabel} onKeyDown={onTabKeys}>
      {tabs.map((t) => (
        <button key={t.id || "all"} type="button" className="set-tab" aria-pressed={active === t.id} onClick={() => onChange(t.id)}>
          <span className="set-tab-name">{t.name}</span>
          {t.count === null ? null : <span className="set-tab-count"> {t.count}</span>}
        </button>
      ))}
    </nav>
  );
}
