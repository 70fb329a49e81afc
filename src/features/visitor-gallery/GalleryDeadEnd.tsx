/**
 * Where a visitor's way ends, or pauses: a gallery not found (unknown or disabled: the server answers them
 * alike), expired, unreachable offline, or not opened because the server failed or did not answer (issue 43:
 * never "not found" then, with "Try again"). It names the studio and offers to contact the photographer
 * (their email) instead of a 'Return Home' that would lead to the owner's sign-in.
 */
import { Button } from "../../ui/Button";
import { Logo } from "../../ui/Logo";
import type { StudioBranding } from "./api";
import { GALLERY_TEXTS } from "./texts";
import type { FirstLoadFailure } from "./errors/failure";
import { VISITOR_ERROR_TEXTS } from "./errors/texts";

interface Props {
  kind: FirstLoadFailure;
  studio: StudioBranding | null;
  onRetry: () => void;
}

const COPY = {
  "not-found": { title: GALLERY_TEXTS.notFoundTitle, text: GALLERY_TEXTS.notFoundText },
  expired: { title: GALLERY_TEXTS.expiredTitle, text: GALLERY_TEXTS.expiredText },
  offline: { title: GALLERY_TEXTS.offlineTitle, text: GALLERY_TEXTS.offlineText },
  unreachable: { title: VISITOR_ERROR_TEXTS.unreachableTitle, text: VISITOR_ERROR_TEXTS.unreachableText },
  "server-error": { title: VISITOR_ERROR_TEXTS.serverErrorTitle, text: VISITOR_ERROR_TEXTS.serverErrorText },
} as const;

/** The failures a retry may mend (the network, the server), not a verdict on the gallery. */
const RETRYABLE: readonly FirstLoadFailure[] = ["offline", "unreachable", "server-error"];

export function GalleryDeadEnd({ kind, studio, onRetry }: Props) {
  const { title, text } = COPY[kind];
  const canRetry = RETRYABLE.includes(kind);
  const contact = kind !== "offline" && studio?.email ? studio.email : "";
  return (
    <main className="gallery-state" id="main" data-state={kind}>
      {studio?.logoUrl ? <Logo src={studio.logoUrl} alt={studio.companyName ? GALLERY_TEXTS.logoOf(studio.companyName) : GALLERY_TEXTS.studioLogo} /> : null}
      {studio?.companyName ? <p className="muted">{GALLERY_TEXTS.fromStudio(studio.companyName)}</p> : null}
      <h1>{title}</h1>
      <p className="muted">{text}</p>
      {canRetry && contact ? <p className="muted">{VISITOR_ERROR_TEXTS.contactHint}</p> : null}
      <div className="gallery-state-actions">
        {canRetry ? <Button onClick={onRetry}>{GALLERY_TEXTS.tryAgain}</Button> : null}
        {contact ? (
          <a className={`btn ${canRetry ? "btn-outline" : "btn-primary"}`} href={`mailto:${contact}`}>
            {GALLERY_TEXTS.contact}
          </a>
        ) : null}
      </div>
    </main>
  );
}
