/**
 * Where a visitor's way ends: a gallery not found (unknown or disabled: the server answers them alike),
 * expired, or unreachable offline. It names the studio and offers to contact the photographer (their
 * email) instead of a 'Return Home' that would lead to the owner's sign-in.
 */
import { Button } from "../../ui/Button";
import { Logo } from "../../ui/Logo";
import type { StudioBranding } from "./api";
import { GALLERY_TEXTS } from "./texts";

interface Props {
  kind: "not-found" | "expired" | "offline";
  studio: StudioBranding | null;
  onRetry: () => void;
}

const COPY = {
  "not-found": { title: GALLERY_TEXTS.notFoundTitle, text: GALLERY_TEXTS.notFoundText },
  expired: { title: GALLERY_TEXTS.expiredTitle, text: GALLERY_TEXTS.expiredText },
  offline: { title: GALLERY_TEXTS.offlineTitle, text: GALLERY_TEXTS.offlineText },
} as const;

export function GalleryDeadEnd({ kind, studio, onRetry }: Props) {
  const { title, text } = COPY[kind];
  return (
    <main className="gallery-state" id="main">
      {studio?.logoUrl ? <Logo src={studio.logoUrl} alt={studio.companyName ? GALLERY_TEXTS.logoOf(studio.companyName) : GALLERY_TEXTS.studioLogo} /> : null}
      {studio?.companyName ? <p className="muted">{GALLERY_TEXTS.fromStudio(studio.companyName)}</p> : null}
      <h1>{title}</h1>
      <p className="muted">{text}</p>
      {kind === "offline" ? <Button onClick={onRetry}>{GALLERY_TEXTS.tryAgain}</Button> : null}
      {kind !== "offline" && studio?.email ? (
        <a className="btn btn-primary" href={`mailto:${studio.email}`}>
          {GALLERY_TEXTS.contact}
        </a>
      ) : null}
    </main>
  );
}
