/** The visitor pages' header: the studio's logo (placeholder when it fails) and the gallery's title. */
import { Logo } from "../../ui/Logo";
import type { StudioBranding } from "./api";
import { LanguageSwitch } from "./LanguageSwitch";
import { GALLERY_TEXTS } from "./texts";
import "./gallery.css";

export function GalleryHeader({ studio, title }: { studio: StudioBranding | null; title?: string }) {
  return (
    <header className="gallery-header">
      <div className="brand">
        <Logo src={studio?.logoUrl || undefined} alt={studio?.companyName ? GALLERY_TEXTS.logoOf(studio.companyName) : GALLERY_TEXTS.studioLogo} />
        <span className="brand-name">{studio?.companyName}</span>
      </div>
      {title ? <h1 className="gallery-title">{title}</h1> : null}
      <LanguageSwitch />
    </header>
  );
}
