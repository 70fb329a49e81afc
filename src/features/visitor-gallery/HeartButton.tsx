/** The favourite heart of a photo (grid card, sidebar row, viewer toolbar): a toggle button, pressed when favourited. */
import { PROOFING_TEXTS } from "./texts";
import { useProofingContext } from "./useProofing";
import "./gallery.css";

interface Props {
  imageId: string;
  name: string;
  className: string;
}

export function HeartButton({ imageId, name, className }: Props) {
  const proofing = useProofingContext();
  if (!proofing) return null;
  const isFavourite = proofing.favourites.has(imageId);
  return (
    <button
      type="button"
      className={`heart-button ${className}${isFavourite ? " is-favourite" : ""}`}
      aria-pressed={isFavourite}
      aria-label={isFavourite ? PROOFING_TEXTS.removeFavourite(name) : PROOFING_TEXTS.addFavourite(name)}
      title={PROOFING_TEXTS.favourite}
      disabled={proofing.isSubmitted}
      onClick={(e) => {
        e.stopPropagation();
        proofing.toggleFavourite(imageId);
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.4.7-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"
          fill={isFavourite ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
