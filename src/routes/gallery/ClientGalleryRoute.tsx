/**
 * /gallery/:accessUrl: 'Preparing Your Gallery', then a dead end (not found, expired, offline), the access
 * gate, or the gallery. A session cookie from an earlier visit opens it at once; the owner's preview (issue 27)
 * opens it with the preview's bar, and says so when the preview has ended. The tab reads
 * '{name}'s Gallery · {studio}'.
 */
import { lazy, Suspense } from "react";
import { useParams } from "react-router-dom";
import { AccessCodeForm } from "../../features/visitor-gallery/AccessCodeForm";
import { GalleryDeadEnd } from "../../features/visitor-gallery/GalleryDeadEnd";
import { GalleryHeader } from "../../features/visitor-gallery/GalleryHeader";
import { reportZipDownload } from "../../features/visitor-gallery/api";
import { ProofingProvider } from "../../features/visitor-gallery/ProofingProvider";
import { PreviewBar, closePreview } from "../../features/visitor-gallery/PreviewBar";
import { GALLERY_TEXTS, LOCKED_PLACEHOLDERS, PREVIEW_TEXTS } from "../../features/visitor-gallery/texts";
import { useDocumentTitle } from "../../features/visitor-gallery/useDocumentTitle";
import { useGallery } from "../../features/visitor-gallery/useGallery";
import { useStudioTheme } from "../../features/visitor-gallery/useStudioTheme";
import { previewParams } from "../../lib/previewParams";
import { Button } from "../../ui/Button";
import { useTypefaces } from "../../features/visitor-gallery/useTypefaces";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../state/toast";

/**
 * The gallery itself (grid, viewer, downloads) is a chunk of its own (issue 43): the gate loads without it,
 * and it starts loading when the code is sent, beside the request that checks it.
 */
const loadGalleryView = () => import("../../features/visitor-gallery/GalleryView");
const GalleryView = lazy(() => loadGalleryView().then((m) => ({ default: m.GalleryView })));

export default function ClientGalleryRoute() {
  const { accessUrl = "" } = useParams();
  const gallery = useGallery(accessUrl);
  // The owner's preview (issue 27) asks for its theme; every page of a gallery, its gate too, is in its theme.
  const preview = previewParams(window.location.search);
  const theme = preview?.theme || gallery.theme;
  useStudioTheme(gallery.studio, theme);
  useTypefaces(gallery.phase === "unlocked" || gallery.phase === "locked" ? gallery.typefaces : "system");
  useDocumentTitle(GALLERY_TEXTS.documentTitle(gallery.name, gallery.studio?.companyName ?? ""));

  if (gallery.phase === "checking")
    return (
      <main className="gallery-state" id="main">
        <Spinner label={GALLERY_TEXTS.preparingTitle} />
        <h1>{GALLERY_TEXTS.preparingTitle}</h1>
        <p className="muted">{GALLERY_TEXTS.preparingText}</p>
      </main>
    );
  if (gallery.phase !== "locked" && gallery.phase !== "unlocked") return <GalleryDeadEnd kind={gallery.phase} studio={gallery.studio} onRetry={gallery.retry} />;

  // A preview whose session has ended (30 minutes) is opened again from the owner's app, never with the code.
  if (preview && gallery.phase === "locked")
    return (
      <main className="gallery-state" id="main">
        <h1>{PREVIEW_TEXTS.endedTitle}</h1>
        <p className="muted">{PREVIEW_TEXTS.endedText}</p>
        <Button onClick={() => closePreview("")}>{PREVIEW_TEXTS.close}</Button>
      </main>
    );
  const title = GALLERY_TEXTS.gateTitle(gallery.name);
  if (gallery.phase === "unlocked")
    return (
      <ProofingProvider accessUrl={accessUrl} isPreview={gallery.previewOf !== ""}>
        {gallery.previewOf ? <PreviewBar clientId={gallery.previewOf} theme={theme} /> : null}
        <Suspense fallback={<Spinner label={GALLERY_TEXTS.preparingTitle} />}>
          <GalleryView
            name={gallery.name}
            eventDate={gallery.eventDate}
            coverImage={gallery.coverImage}
            coverStyle={gallery.coverStyle}
            sets={gallery.sets}
            studio={gallery.studio}
            images={gallery.images}
            onRetry={() => window.location.reload()}
            onAccessLost={() => void gallery.recheck()}
            delivery={gallery.delivery}
            onProvePin={gallery.provePin}
            onZipDownloaded={() => void reportZipDownload(accessUrl)}
          />
        </Suspense>
      </ProofingProvider>
    );
  return (
    <div className="gallery-page">
      <GalleryHeader studio={gallery.studio} />
      <main className="gate-wrap" id="main">
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
              void loadGalleryView();
              await gallery.unlock(code);
              toast({ title: GALLERY_TEXTS.accessGranted, description: GALLERY_TEXTS.accessGrantedText });
            }}
          />
          <p className="muted small">{GALLERY_TEXTS.gateNote}</p>
        </section>
      </main>
    </div>
  );
}
