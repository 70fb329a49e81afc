/**
 * /gallery/:accessUrl: 'Preparing Your Gallery', then 'Gallery Not Found', the access gate, or the gallery.
 * A session cookie from an earlier visit opens it at once.
 */
import { Link, useParams } from "react-router-dom";
import { AccessCodeForm } from "../../features/gallery/AccessCodeForm";
import { GalleryHeader } from "../../features/gallery/GalleryHeader";
import { GalleryView } from "../../features/gallery/GalleryView";
import { GALLERY_TEXTS, LOCKED_PLACEHOLDERS } from "../../features/gallery/texts";
import { useGallery } from "../../features/gallery/useGallery";
import { useStudioTheme } from "../../features/gallery/useStudioTheme";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../state/toast";

export default function ClientGalleryRoute() {
  const { accessUrl = "" } = useParams();
  const gallery = useGallery(accessUrl);
  useStudioTheme(gallery.studio);

  if (gallery.phase === "checking")
    return (
      <main className="gallery-state">
        <Spinner label={GALLERY_TEXTS.preparingTitle} />
        <h1>{GALLERY_TEXTS.preparingTitle}</h1>
        <p className="muted">{GALLERY_TEXTS.preparingText}</p>
      </main>
    );
  if (gallery.phase === "not-found")
    return (
      <main className="gallery-state">
        <h1>{GALLERY_TEXTS.notFoundTitle}</h1>
        <p className="muted">{GALLERY_TEXTS.notFoundText}</p>
        <Link className="btn btn-primary" to="/">
          {GALLERY_TEXTS.returnHome}
        </Link>
      </main>
    );

  const title = GALLERY_TEXTS.gateTitle(gallery.name);
  return (
    <div className="gallery-page">
      <GalleryHeader studio={gallery.studio} title={gallery.phase === "unlocked" ? title : undefined} />
      {gallery.phase === "locked" ? (
        <div className="gate-wrap">
          <div className="locked-placeholder" aria-hidden="true">
            {Array.from({ length: LOCKED_PLACEHOLDERS }, (_, i) => (
              <span key={i} />
            ))}
          </div>
          <section className="gate card">
            <h1>{title}</h1>
            <p className="muted">{GALLERY_TEXTS.gateText}</p>
            <AccessCodeForm
              submitLabel={GALLERY_TEXTS.accessGallery}
              pendingLabel={GALLERY_TEXTS.accessing}
              onSubmit={async (code) => {
                await gallery.unlock(code);
                toast({ title: GALLERY_TEXTS.accessGranted, description: GALLERY_TEXTS.accessGrantedText });
              }}
            />
            <p className="muted small">{GALLERY_TEXTS.gateNote}</p>
          </section>
        </div>
      ) : (
        <GalleryView name={gallery.name} images={gallery.images} onRetry={() => window.location.reload()} onAccessLost={() => void gallery.recheck()} />
      )}
    </div>
  );
}
