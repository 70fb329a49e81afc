/**
 * The owner's full-screen viewer (issue 43), on yet-another-react-lightbox like the visitor's: swipe and
 * drag between photos, pinch, wheel, double-click and +/- zoom, Left/Right/Escape, 'k of n', previous and
 * next disabled at the ends. Its toolbar sets the gallery's cover, downloads the original and deletes (the
 * Delete key too): deleting closes the viewer and asks in the gallery tab's own dialog, where its toast and
 * any Undo can be reached. Under the photo: the file's name, size and upload date (a clip's length and why
 * it lacks a web version). A modal: the rest of the page is inert, and focus returns to the photo's card on
 * close. Photos show their preview's bytes (./viewer/usePreviewUrls.ts, the neighbours loaded ahead); a clip
 * plays in the browser's own player (ClipPlayer.tsx), whose Left and Right seek rather than change photos.
 */
import Lightbox, { type Slide } from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import { useMemo, useSyncExternalStore, type KeyboardEvent, type SyntheticEvent } from "react";
import { formatDuration } from "../../domain/clip-display";
import { formatBytes, formatDate } from "../../domain/format";
import { parseDate } from "../../domain/gallery-status";
import { imageName } from "../../domain/image-files";
import { isVideo } from "../../domain/records";
import type { ImageRow } from "../../store/rows";
import { ClipPlayer, webStatusNote } from "./ClipPlayer";
import { CLIP_TEXTS, IMAGE_TEXTS } from "./texts";
import { ownerSlide, previewWindow } from "./viewer/slides";
import { VIEWER_TEXTS } from "./viewer/texts";
import { usePreviewUrls } from "./viewer/usePreviewUrls";
import "./viewer/viewer.css";

interface Props {
  images: ImageRow[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  onDownload: (image: ImageRow) => void;
  /** Asks to delete the photo (the viewer closes first). Absent: no Delete. */
  onDelete?: (id: string) => void;
  /** Makes the photo the gallery's cover. Absent: no 'Set as cover'. */
  onSetCover?: (id: string) => void;
  /** The photo the visitor's cover shows. */
  coverId?: string;
}

/** Photos loaded either side of the one on show, and kept (a step back costs nothing). */
const LOAD_RADIUS = 1;
const KEEP_RADIUS = 2;

/** Where a phone's width begins (as viewer.css's media query): it pinches, so the zoom buttons go. */
const PHONE = "(max-width: 640px)";
const onWidthChange = (notify: () => void) => {
  const query = matchMedia(PHONE);
  query.addEventListener("change", notify);
  return () => query.removeEventListener("change", notify);
};

/** Keys and pointers on a clip's player are the player's: Left and Right seek, a drag scrubs (no swipe). */
const PLAYER_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "+", "-"]);
const keepInPlayer = (e: SyntheticEvent) => {
  if (e.target instanceof HTMLVideoElement && (!("key" in e) || PLAYER_KEYS.has(String(e.key)))) e.stopPropagation();
};

export function ImageViewer({ images, index, onIndex, onClose, onDownload, onDelete, onSetCover, coverId }: Props) {
  const image = images[index];
  const previews = usePreviewUrls(previewWindow(images, index, LOAD_RADIUS), previewWindow(images, index, KEEP_RADIUS));
  const slides = useMemo(() => images.map((i) => ownerSlide(i, previews.get(i.id))), [images, previews]);
  const isPhone = useSyncExternalStore(onWidthChange, () => matchMedia(PHONE).matches);
  const remove = onDelete && image ? () => (onClose(), onDelete(image.id)) : undefined;

  if (!image) return null;
  const name = imageName(image);
  const renderMedia = (slide: Slide, offset: number) => {
    if (slide.type !== "owner-media") return undefined;
    const shown = images.find((i) => i.id === slide.imageId);
    if (!shown) return null;
    if (slide.media === "failed") return <p className="image-unavailable">{IMAGE_TEXTS.unavailable}</p>;
    if (slide.media === "loading") return <span className="spinner" aria-label={IMAGE_TEXTS.loadingImage} />;
    // A neighbour's clip loads nothing until it is on show.
    if (offset !== 0) return null;
    return (
      <div className="owner-viewer-clip" onKeyDown={keepInPlayer} onPointerDown={keepInPlayer} onWheel={keepInPlayer}>
        <ClipPlayer key={shown.id} image={shown} name={imageName(shown)} />
      </div>
    );
  };
  const isCover = image.id === coverId;
  const toolbar = [
    // One button either way, so the focus stays on it (and in the viewer) once the photo is the cover.
    onSetCover ? (
      <button
        key="cover"
        type="button"
        className={`yarl__button owner-viewer-text-button${isCover ? " is-cover" : ""}`}
        aria-disabled={isCover}
        title={isCover ? VIEWER_TEXTS.isCover : undefined}
        onClick={() => !isCover && onSetCover(image.id)}
      >
        {isCover ? IMAGE_TEXTS.cover : IMAGE_TEXTS.setCover}
      </button>
    ) : null,
    <button key="download" type="button" className="yarl__button" onClick={() => onDownload(image)} aria-label={VIEWER_TEXTS.downloadLabel(name)} title={IMAGE_TEXTS.download}>
      <Icon path="M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2H5z" />
    </button>,
    remove ? (
      <button key="delete" type="button" className="yarl__button" onClick={remove} aria-label={VIEWER_TEXTS.deleteLabel(name)} title={IMAGE_TEXTS.delete}>
        <Icon path="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" />
      </button>
    ) : null,
    "close",
  ];
  const uploaded = parseDate(image.uploadedAt);
  const note = isVideo(image) ? webStatusNote(image) : null;
  // Delete (or Backspace, as on a Mac) deletes the photo on show, as in a photographer's other tools; Tab
  // cycles through the viewer's buttons (the lightbox makes the page inert but lets Tab leave it). React
  // bubbles the lightbox's events (in a portal) through the gallery tab: the viewer's keys stay its own.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    e.stopPropagation();
    const root = e.target instanceof Element ? e.target.closest<HTMLElement>(".owner-viewer") : null;
    if (!root) return;
    if (e.key === "Tab") return cycleFocus(root, e);
    if ((e.key !== "Delete" && e.key !== "Backspace") || !remove || (e.target as Element).closest("input, textarea, video")) return;
    e.preventDefault();
    remove();
  };
  return (
    <div className="owner-viewer-events" onKeyDown={onKeyDown} onKeyUp={stopKeys}>
      <Lightbox
        open
        index={index}
        slides={slides}
        close={onClose}
        className="owner-viewer"
        on={{ view: ({ index: i }) => i !== index && onIndex(i) }}
        plugins={[Zoom]}
        toolbar={{ buttons: toolbar }}
        render={{
          slide: ({ slide, offset }) => renderMedia(slide, offset),
          ...(isPhone ? { buttonZoom: () => null } : {}),
          controls: () => (
            <>
              <span className="owner-viewer-counter">{IMAGE_TEXTS.counter(index + 1, images.length)}</span>
              <div className="owner-viewer-info">
                <strong>{name}</strong>
                {isVideo(image) ? (
                  <span>
                    {CLIP_TEXTS.length} {formatDuration(image.duration ?? 0)}
                  </span>
                ) : null}
                <span>{formatBytes(image.fileSize)}</span>
                <span>
                  {IMAGE_TEXTS.uploaded} {uploaded ? formatDate(uploaded) : "—"}
                </span>
                {note ? <p className="viewer-clip-note">{note}</p> : null}
              </div>
            </>
          ),
        }}
        carousel={{ finite: true, preload: 1, padding: 0 }}
        controller={{ closeOnBackdropClick: false }}
        zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
        labels={{
          Previous: IMAGE_TEXTS.previous,
          Next: IMAGE_TEXTS.next,
          Close: IMAGE_TEXTS.closeViewer,
          "Zoom in": VIEWER_TEXTS.zoomIn,
          "Zoom out": VIEWER_TEXTS.zoomOut,
          Lightbox: name,
          Carousel: VIEWER_TEXTS.carousel,
          Slide: VIEWER_TEXTS.slide,
          "Photo gallery": IMAGE_TEXTS.gridLabel,
          "{index} of {total}": VIEWER_TEXTS.slideLabel,
        }}
      />
    </div>
  );
}

const stopKeys = (e: SyntheticEvent) => e.stopPropagation();

function Icon({ path }: { path: string }) {
  return (
    <svg className="yarl__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

const FOCUSABLE = "button:not([disabled]), video[controls], textarea, input, [href]";

/** Tab from the last of the viewer's controls goes to the first, Shift+Tab from the first (or the viewer) to the last. */
function cycleFocus(root: HTMLElement, e: KeyboardEvent<HTMLElement>) {
  const list = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const [first, last] = [list[0], list.at(-1)];
  if (!first || !last) return;
  const active = document.activeElement;
  const next = e.shiftKey ? (active === first || active === root ? last : null) : active === last ? first : null;
  if (!next) return;
  e.preventDefault();
  next.focus();
}
