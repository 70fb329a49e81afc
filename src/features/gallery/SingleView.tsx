/**
 * One image large: the preview (watermarked when the studio wants it), previous and next wrapping around
 * at both ends, Left/Right/Escape, close back to the grid, download. The neighbours' previews are fetched
 * ahead so that stepping through is instant.
 */
import { useEffect } from "react";
import { formatBytes } from "../../domain/format";
import { imageUrl, type GalleryImage } from "../../sync/galleryApi";
import { Button } from "../../ui/Button";
import { GALLERY_TEXTS } from "./texts";

interface Props {
  images: GalleryImage[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  onDownload: (image: GalleryImage) => void;
  onError: () => void;
}

export function SingleView({ images, index, onIndex, onClose, onDownload, onError }: Props) {
  const image = images[index]!;
  const count = images.length;
  const previous = (index - 1 + count) % count;
  const next = (index + 1) % count;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      else if (e.key === "ArrowLeft") onIndex(previous);
      else if (e.key === "ArrowRight") onIndex(next);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [previous, next, onIndex, onClose]);

  useEffect(() => {
    for (const i of new Set([previous, next])) {
      const neighbour = images[i];
      if (neighbour && i !== index) new Image().src = imageUrl(neighbour.id, "preview");
    }
  }, [images, index, previous, next]);

  const name = image.originalName || image.filename;
  return (
    <section className="single-view" aria-label={name}>
      <div className="single-top">
        <Button variant="ghost" onClick={onClose}>
          ← {GALLERY_TEXTS.backToGrid}
        </Button>
        <span className="muted">
          {index + 1} / {count}
        </span>
        <Button variant="outline" onClick={() => onDownload(image)}>
          {GALLERY_TEXTS.download}
        </Button>
      </div>
      <div className="single-stage">
        <button type="button" className="viewer-nav" onClick={() => onIndex(previous)} aria-label={GALLERY_TEXTS.previous}>
          ‹
        </button>
        <img key={image.id} src={imageUrl(image.id, "preview")} alt={name} onError={onError} />
        <button type="button" className="viewer-nav" onClick={() => onIndex(next)} aria-label={GALLERY_TEXTS.next}>
          ›
        </button>
      </div>
      <p className="single-caption">
        <strong>{name}</strong> · {formatBytes(image.fileSize)}
      </p>
    </section>
  );
}
