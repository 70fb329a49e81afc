/**
 * The visitor's grid: justified photos at their own shape, each with a srcset of its sizes and `sizes` set
 * to the box's exact width (a 3x phone gets three times the pixels), its placeholder until the photo
 * arrives, and a selection checkbox (which never opens the photo); the photo opens the viewer. A clip's tile is its
 * poster with a play mark and its length (issue 38).
 */
import { memo } from "react";
import { type GalleryImage } from "./api";
import { fallbackSrc, placeholderUrl, srcSetOf } from "./imageSources";
import { JustifiedGrid, type Box } from "./JustifiedGrid";
import { GALLERY_TEXTS } from "./texts";
import { HeartButton } from "./HeartButton";
import "./gallery.css";
import { imageName } from "../../domain/image-files";
import { formatDuration } from "../../domain/clip-display";
import { isVideo } from "../../domain/records";

/** Photos of the first rows load at once (lazy loading waits a frame for its observer). */
const EAGER_PHOTOS = 8;

interface CardProps {
  image: GalleryImage;
  box: Box;
  isEager: boolean;
  isSelected: boolean;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
  /** The photo's set, shown on the card when the grid mixes sets. */
  setName?: string;
}

const VisitorCard = memo(function VisitorCard({ image, box, isEager, isSelected, onToggle, onOpen, setName }: CardProps) {
  const name = imageName(image);
  const placeholder = placeholderUrl(image);
  return (
    <div className={`photo-card${isSelected ? " is-selected" : ""}`}>
      <button
        type="button"
        className="photo-card-open"
        data-image-id={image.id}
        onClick={() => onOpen(image.id)}
        style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
      >
        <img
          src={fallbackSrc(image)}
          srcSet={srcSetOf(image)}
          sizes={`${Math.ceil(box.width)}px`}
          width={Math.round(box.width)}
          height={Math.round(box.height)}
          alt={name}
          loading={isEager ? "eager" : "lazy"}
          decoding="async"
          draggable={false}
          onLoad={(e) => e.currentTarget.classList.add("is-loaded")}
        />
      </button>
      <label className="photo-card-check">
        <input type="checkbox" checked={isSelected} onChange={() => onToggle(image.id)} aria-label={GALLERY_TEXTS.select(name)} />
      </label>
      <HeartButton imageId={image.id} name={name} className="photo-card-heart" />
      {isVideo(image) ? <ClipMark duration={image.duration} /> : null}
      {setName ? <span className="photo-card-set">{setName}</span> : null}
    </div>
  );
});

/** A clip's tile (issue 38): its poster with a play mark and its length in the middle (the button opens it). */
function ClipMark({ duration }: { duration: number }) {
  const length = duration > 0 ? formatDuration(duration) : "";
  return (
    <span className="photo-card-clip" role="img" aria-label={length ? GALLERY_TEXTS.clipMarkLength(length) : GALLERY_TEXTS.clipMark}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
      {length ? <span aria-hidden="true">{length}</span> : null}
    </span>
  );
}

interface Props {
  images: GalleryImage[];
  /** Set names by id when the grid mixes sets ('All', favourites, a list: issue 26): each card names its set. */
  setNames?: ReadonlyMap<string, string>;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
}

export function VisitorGrid({ images, selected, onToggle, onOpen, setNames }: Props) {
  return (
    <JustifiedGrid
      items={images}
      label={GALLERY_TEXTS.gridLabel}
      renderItem={(image, box, index) => <VisitorCard image={image} box={box} isEager={index < EAGER_PHOTOS} isSelected={selected.has(image.id)} onToggle={onToggle} onOpen={onOpen} setName={setNames?.get(image.set)} />}
    />
  );
}
