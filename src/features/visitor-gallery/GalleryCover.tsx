/**
 * The gallery's cover, what a client sees first: a cover photo (the owner's pick, else the first photo), the studio's
 * logo and name, the gallery's name (the page's one h1), the event date and the photo count, and a
 * 'View photos' button that moves to the grid (and focus with it). Its style (issue 27): "full" lays the text
 * over the photo full width (dark by design), "split" puts the photo beside the text (stacked on a phone), and
 * "minimal" is the text alone, with no photo; those two follow the gallery's light or dark theme.
 */
import { LanguageSwitch } from "./LanguageSwitch";
import { formatDate } from "../../domain/format";
import { COVER_IMAGE_SIZES } from "../../domain/image-sizes";
import { parseDate } from "../../domain/gallery-status";
import type { CoverStyle } from "../../domain/records";
import { Logo } from "../../ui/Logo";
import type { GalleryImage, StudioBranding } from "./api";
import { placeholderUrl, srcSetOf, fallbackSrc } from "./imageSources";
import { GALLERY_TEXTS } from "./texts";
import "./gallery.css";

interface Props {
  coverStyle?: CoverStyle;
  name: string;
  eventDate: string;
  studio: StudioBranding | null;
  cover: GalleryImage | undefined;
  count: number | null;
  photosId: string;
}

/** "2026-06-01 00:00:00.000Z" -> "June 1, 2026" (the date as the owner entered it, whatever the zone). */
function formatEventDate(value: string): string {
  const date = parseDate(value);
  return date ? formatDate(date) : "";
}


export function GalleryCover({ coverStyle = "full", name, eventDate, studio, cover, count, photosId }: Props) {
  const photo = coverStyle === "minimal" ? undefined : cover;
  const placeholder = photo ? placeholderUrl(photo) : undefined;
  const date = formatEventDate(eventDate);
  return (
    <header className={`gallery-cover is-${coverStyle}${photo ? " has-photo" : ""}`} data-cover-style={coverStyle} style={coverStyle === "full" && placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}>
      {photo ? <img className="gallery-cover-photo" src={fallbackSrc(photo)} srcSet={srcSetOf(photo)} sizes={COVER_IMAGE_SIZES[coverStyle](photo.width, photo.height)} alt="" fetchPriority="high" style={coverStyle === "split" && placeholder ? { backgroundImage: `url(${placeholder})` } : undefined} /> : null}
      {coverStyle === "full" ? <div className="gallery-cover-shade" /> : null}
      <LanguageSwitch />
      <div className="gallery-cover-text">
        <div className="gallery-cover-brand">
          <Logo src={studio?.logoUrl || undefined} alt={studio?.companyName ? GALLERY_TEXTS.logoOf(studio.companyName) : GALLERY_TEXTS.studioLogo} size={48} />
          {studio?.companyName ? <span>{studio.companyName}</span> : null}
        </div>
        <h1>{GALLERY_TEXTS.gateTitle(name)}</h1>
        <p className="gallery-cover-meta">
          {date ? <time dateTime={eventDate.slice(0, 10)}>{date}</time> : null}
          {date && count !== null ? " · " : null}
          {count !== null ? GALLERY_TEXTS.photoCount(count) : null}
        </p>
        <a
          className="btn btn-primary gallery-cover-cta"
          href={`#${photosId}`}
          onClick={(e) => {
            e.preventDefault();
            const target = document.getElementById(photosId);
            target?.scrollIntoView({ behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
            target?.focus({ preventScroll: true });
          }}
        >
          {GALLERY_TEXTS.viewPhotos}
        </a>
      </div>
    </header>
  );
}
