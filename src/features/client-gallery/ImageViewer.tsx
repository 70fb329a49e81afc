/**
 * Full-screen viewer: the preview, 'k of n', previous/next (disabled at the ends), Left/Right/Escape,
 * Download, and the file's name, size and upload date. A modal: focus is trapped in it and returns on close.
 * It is rendered on the page's body with an opaque backdrop, so no ancestor's stacking or transform lets the
 * grid show through. A clip plays in the browser's own player (ClipPlayer.tsx) with its length in the details;
 * while the player has the focus, Left and Right are its own (seeking), not previous and next.
 */
import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { formatDuration } from "../../domain/clip-display";
import { formatBytes, formatDate } from "../../domain/format";
import { parseDate } from "../../domain/gallery-status";
import { isVideo } from "../../domain/records";
import type { ImageRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { useFocusTrap } from "../../ui/useFocusTrap";
import { ClipPlayer, webStatusNote } from "./ClipPlayer";
import { CLIP_TEXTS, IMAGE_TEXTS } from "./texts";
import { useImageUrl } from "./useImageUrl";
import "./images.css";
import { imageName } from "../../domain/image-files";

interface Props {
  images: ImageRow[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  onDownload: (image: ImageRow) => void;
}

export function ImageViewer({ images, index, onIndex, onClose, onDownload }: Props) {
  const image = images[index];
  const clip = !!image && isVideo(image);
  const { url, hasFailed } = useImageUrl(clip ? undefined : image?.id, "preview");
  const hasPrevious = index > 0;
  const hasNext = index < images.length - 1;
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref); // focus moves in, stays in, and returns to the photo's card on close

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      else if (e.target instanceof HTMLVideoElement) return;
      else if (e.key === "ArrowLeft" && hasPrevious) onIndex(index - 1);
      else if (e.key === "ArrowRight" && hasNext) onIndex(index + 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [index, hasPrevious, hasNext, onIndex, onClose]);

  if (!image) return null;
  const name = imageName(image);
  const uploaded = parseDate(image.uploadedAt);
  return createPortal(
    <div className="viewer" role="dialog" aria-modal="true" aria-label={name} ref={ref} tabIndex={-1}>
      <div className="viewer-top">
        <span className="viewer-counter">{IMAGE_TEXTS.counter(index + 1, images.length)}</span>
        <div className="viewer-top-actions">
          <Button variant="outline" onClick={() => onDownload(image)}>
            {IMAGE_TEXTS.download}
          </Button>
          <Button variant="ghost" onClick={onClose} aria-label={IMAGE_TEXTS.closeViewer}>
            ✕
          </Button>
        </div>
      </div>
      <div className="viewer-stage">
        <button type="button" className="viewer-nav" onClick={() => onIndex(index - 1)} disabled={!hasPrevious} aria-label={IMAGE_TEXTS.previous}>
          ‹
        </button>
        {clip ? <ClipPlayer key={image.id} image={image} name={name} /> : hasFailed ? <p className="image-unavailable">{IMAGE_TEXTS.unavailable}</p> : url ? <img src={url} alt={name} /> : <span className="spinner" aria-label={IMAGE_TEXTS.loadingImage} />}
        <button type="button" className="viewer-nav" onClick={() => onIndex(index + 1)} disabled={!hasNext} aria-label={IMAGE_TEXTS.next}>
          ›
        </button>
      </div>
      <div className="viewer-info">
        <strong>{name}</strong>
        {clip ? (
          <span>
            {CLIP_TEXTS.length} {formatDuration(image.duration ?? 0)}
          </span>
        ) : null}
        <span>{formatBytes(image.fileSize)}</span>
        <span>
          {IMAGE_TEXTS.uploaded} {uploaded ? formatDate(uploaded) : "—"}
        </span>
        {clip && webStatusNote(image) ? <p className="viewer-clip-note">{webStatusNote(image)}</p> : null}
      </div>
    </div>,
    document.body,
  );
}
