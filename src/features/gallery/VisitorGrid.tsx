/** The visitor's grid: lazy thumbnails, a selection checkbox on each, click opens the single view. */
import { memo } from "react";
import { imageUrl, type GalleryImage } from "../../sync/galleryApi";
import { VirtualGrid } from "../../ui/VirtualGrid";
import { GALLERY_TEXTS } from "./texts";

interface CardProps {
  image: GalleryImage;
  isSelected: boolean;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
}

const VisitorCard = memo(function VisitorCard({ image, isSelected, onToggle, onOpen }: CardProps) {
  const name = image.originalName || image.filename;
  return (
    <div className={`image-card${isSelected ? " is-selected" : ""}`}>
      <button type="button" className="image-card-open" onClick={() => onOpen(image.id)} aria-label={GALLERY_TEXTS.open(name)}>
        <img src={imageUrl(image.id, "thumbnail")} alt={name} loading="lazy" decoding="async" draggable={false} />
      </button>
      <label className="image-card-check">
        <input type="checkbox" checked={isSelected} onChange={() => onToggle(image.id)} aria-label={GALLERY_TEXTS.select(name)} />
      </label>
    </div>
  );
});

interface Props {
  images: GalleryImage[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
}

export function VisitorGrid({ images, selected, onToggle, onOpen }: Props) {
  return (
    <VirtualGrid
      items={images}
      label="Gallery"
      keyOf={(i) => i.id}
      renderItem={(image) => <VisitorCard image={image} isSelected={selected.has(image.id)} onToggle={onToggle} onOpen={onOpen} />}
    />
  );
}
