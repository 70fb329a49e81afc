/**
 * One card of the owner's grid: thumbnail, selection checkbox, View / Download / Delete on hover, and in
 * its caption the gallery's cover mark or 'Set as cover'. With `onDrag` (a gallery with sets, issue 26) the
 * card can be dragged onto a set on desktop; `onDrag(null)` when the drag ends. A clip (issue 38) shows its
 * poster with a play mark and its length.
 */
import { memo } from "react";
import { formatDuration } from "../../domain/clip-display";
import { isVideo } from "../../domain/records";
import type { ImageRow } from "../../store/rows";
import { CLIP_TEXTS, IMAGE_TEXTS } from "./texts";
import { useImageUrl } from "./useImageUrl";
import "./images.css";
import { imageName } from "../../domain/image-files";

interface Props {
  image: ImageRow;
  /** Its place in the grid: the keyboard model (useGridKeys.ts) finds and focuses cards by it. */
  index: number;
  isSelected: boolean;
  /** `isRange`: Shift was held (the cards from the last one picked to this one). */
  onToggle: (id: string, isRange?: boolean) => void;
  onView: (id: string) => void;
  onDownload: (image: ImageRow) => void;
  onDelete?: (id: string) => void;
  /** This photo is the gallery's cover (the owner's pick, else the first photo). */
  isCover?: boolean;
  onSetCover?: (id: string) => void;
  onDrag?: (id: string | null) => void;
  /** The name of the set the photo is in (issue 26), shown in the caption; absent for none. */
  setName?: string;
}

export const ImageCard = memo(function ImageCard({ image, index, isSelected, onToggle, onView, onDownload, onDelete, isCover = false, onSetCover, onDrag, setName }: Props) {
  const { url, hasFailed } = useImageUrl(image.id, "thumbnail");
  const name = imageName(image);
  // A long name is cut in its stem, never in its extension: the owner tells a .jpg from a .heic at a glance.
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  const length = isVideo(image) ? formatDuration(image.duration ?? 0) : null;
  return (
    <div
      className={`image-card${isSelected ? " is-selected" : ""}`}
      data-index={index}
      data-set={image.set ?? ""}
      draggable={!!onDrag}
      onDragStart={
        onDrag
          ? (e) => {
              e.dataTransfer.setData("text/plain", image.id);
              e.dataTransfer.effectAllowed = "move";
              onDrag(image.id);
            }
          : undefined
      }
      onDragEnd={onDrag ? () => onDrag(null) : undefined}
    >
      <button type="button" className="image-card-open" onClick={() => onView(image.id)} aria-label={length ? CLIP_TEXTS.playLabel(name, length) : `${IMAGE_TEXTS.view} ${name}`}>
        {hasFailed ? (
          <span className="image-unavailable">
            {length ? CLIP_TEXTS.unavailable : IMAGE_TEXTS.unavailable}
            <small>{IMAGE_TEXTS.imageId(image.id)}</small>
          </span>
        ) : url ? (
          <img src={url} alt={name} draggable={false} />
        ) : (
          <span className="skeleton image-skeleton" aria-hidden="true" />
        )}
        {length ? (
          <span className="clip-marks" aria-hidden="true">
            <svg className="clip-play" viewBox="0 0 48 48">
              <circle cx="24" cy="24" r="23" />
              <path d="M19 14.5v19l15-9.5z" />
            </svg>
            <span className="clip-length">{length}</span>
          </span>
        ) : null}
      </button>
      <label className="image-card-check">
        <input type="checkbox" checked={isSelected} onChange={(e) => onToggle(image.id, "shiftKey" in e.nativeEvent && e.nativeEvent.shiftKey === true)} aria-label={`Select ${name}`} />
      </label>
      <div className="image-card-actions">
        <button type="button" onClick={() => onView(image.id)}>
          {IMAGE_TEXTS.view}
        </button>
        <button type="button" onClick={() => onDownload(image)}>
          {IMAGE_TEXTS.download}
        </button>
        {onDelete ? (
          <button type="button" className="danger" onClick={() => onDelete(image.id)}>
            {IMAGE_TEXTS.delete}
          </button>
        ) : null}
      </div>
      <div className="image-card-caption">
        <span className="image-card-name" title={name}>
          <span className="image-card-stem">{stem}</span>
          <span className="image-card-ext">{extension}</span>
        </span>
        {setName ? <span className="image-card-set" title={setName}>{setName}</span> : null}
        {isCover ? (
          <span className="image-card-cover-mark">{IMAGE_TEXTS.cover}</span>
        ) : onSetCover ? (
          <button type="button" className="image-card-set-cover" onClick={() => onSetCover(image.id)} aria-label={IMAGE_TEXTS.setCoverLabel(name)}>
            {IMAGE_TEXTS.setCover}
          </button>
        ) : null}
      </div>
    </div>
  );
});
