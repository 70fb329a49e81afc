/**
 * Desktop sidebar: 'Gallery Images', '{n} photos', search, one row per image (checkbox that does not open
 * the image, lazy thumbnail, name cut at 15 characters, size; the current one highlighted), the download
 * and selection buttons with their disabled rules, download all and the total count.
 */
import { formatBytes, truncateName } from "../../domain/format";
import type { GalleryImage } from "./api";
import { fallbackSrc, srcSetOf } from "./imageSources";
import { Button } from "../../ui/Button";
import { VirtualList } from "../../ui/VirtualList";
import { GALLERY_TEXTS } from "./texts";
import { HeartButton } from "./HeartButton";
import "./gallery.css";
import { imageName } from "../../domain/image-files";

const ROW_HEIGHT = 60;

interface Props {
  images: GalleryImage[];
  filtered: GalleryImage[];
  query: string;
  onQuery: (q: string) => void;
  selected: Set<string>;
  currentId: string | null;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  onDownloadSelected: () => void;
  onDownloadAll: () => void;
  /** False when the gallery's downloads are off: no download buttons. */
  canDownload?: boolean;
  /** The set on show (issue 26): 'Download All' downloads its photos and says so. */
  setName?: string;
}

export function GallerySidebar(p: Props) {
  return (
    <aside className="gallery-sidebar" aria-label={GALLERY_TEXTS.sidebarTitle}>
      <div className="sidebar-head">
        <h2>{GALLERY_TEXTS.sidebarTitle}</h2>
        <span className="muted small">{GALLERY_TEXTS.photos(p.images.length)}</span>
      </div>
      <input className="search" type="search" placeholder={GALLERY_TEXTS.searchPlaceholder} aria-label={GALLERY_TEXTS.searchPlaceholder} value={p.query} onChange={(e) => p.onQuery(e.target.value)} />
      {p.filtered.length === 0 ? (
        <p className="muted sidebar-empty">{p.query.trim() ? GALLERY_TEXTS.noImagesMatch : GALLERY_TEXTS.noImagesFound}</p>
      ) : (
        <VirtualList
          className="sidebar-list"
          label={GALLERY_TEXTS.sidebarTitle}
          items={p.filtered}
          rowHeight={ROW_HEIGHT}
          keyOf={(i) => i.id}
          renderItem={(image) => {
            const name = imageName(image);
            return (
              <div className={`sidebar-row${p.currentId === image.id ? " is-current" : ""}`} aria-current={p.currentId === image.id ? "true" : undefined}>
                <input type="checkbox" aria-label={GALLERY_TEXTS.select(name)} checked={p.selected.has(image.id)} onChange={() => p.onToggle(image.id)} onClick={(e) => e.stopPropagation()} />
                <button type="button" className="sidebar-open" onClick={() => p.onOpen(image.id)} title={name}>
                  {/* The grid's own srcset at the row's 44 px: the browser takes the smallest size, the file the grid
                      fetched already under the same address (the thumbnail's own address was a second download). */}
                  <img src={fallbackSrc(image)} srcSet={srcSetOf(image)} sizes="44px" alt="" loading="lazy" decoding="async" width={44} height={44} />
                  <span className="sidebar-text">
                    <span className="sidebar-name">{truncateName(name)}</span>
                    <span className="sidebar-size">{formatBytes(image.fileSize)}</span>
                  </span>
                </button>
                <HeartButton imageId={image.id} name={name} className="sidebar-heart" />
              </div>
            );
          }}
        />
      )}
      <div className="sidebar-actions">
        {p.canDownload !== false ? (
          <Button onClick={p.onDownloadSelected} disabled={p.selected.size === 0}>
            {GALLERY_TEXTS.downloadSelected(p.selected.size)}
          </Button>
        ) : null}
        <div className="sidebar-actions-row">
          <Button variant="outline" onClick={p.onSelectAll} disabled={p.filtered.length === 0}>
            {GALLERY_TEXTS.selectAll}
          </Button>
          <Button variant="outline" onClick={p.onDeselectAll} disabled={p.selected.size === 0}>
            {GALLERY_TEXTS.deselectAll}
          </Button>
        </div>
        {p.canDownload !== false ? (
          <Button variant="ghost" onClick={p.onDownloadAll} disabled={p.images.length === 0}>
            {p.setName ? GALLERY_TEXTS.downloadSet(p.setName, p.images.length) : GALLERY_TEXTS.downloadAll(p.images.length)}
          </Button>
        ) : null}
        <p className="muted small">{GALLERY_TEXTS.totalCount(p.images.length)}</p>
      </div>
    </aside>
  );
}
