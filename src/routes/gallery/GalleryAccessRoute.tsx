/** /gallery/access: a visitor enters the code and is taken to the gallery it opens. */
import { AccessCodeForm } from "../../features/visitor-gallery/AccessCodeForm";
import { Decorations } from "../../features/visitor-gallery/Decorations";
import { GALLERY_TEXTS } from "../../features/visitor-gallery/texts";
import { useAccessPage } from "../../features/visitor-gallery/useAccessPage";
import { useStudioTheme } from "../../features/visitor-gallery/useStudioTheme";
import { Logo } from "../../ui/Logo";

export default function GalleryAccessRoute() {
  const { studio, submit, proofProgress } = useAccessPage();
  useStudioTheme(studio);
  return (
    <main className="access-page">
      <Decorations />
      <section className="access-card glow">
        <Logo src={studio?.logoUrl || undefined} alt={studio?.companyName ? `${studio.companyName} logo` : "Studio logo"} size={56} />
        <h1>{GALLERY_TEXTS.accessTitle}</h1>
        <p className="muted">{GALLERY_TEXTS.accessPrompt}</p>
        <AccessCodeForm submitLabel={GALLERY_TEXTS.viewGallery} pendingLabel={GALLERY_TEXTS.accessing} onSubmit={submit} proofProgress={proofProgress} />
        <div className="access-help">
          <strong>{GALLERY_TEXTS.helpTitle}</strong>
          <p className="muted small">{GALLERY_TEXTS.helpText}</p>
          {studio?.email ? <a href={`mailto:${studio.email}`}>{GALLERY_TEXTS.contact}</a> : <span className="muted small">{GALLERY_TEXTS.contact}</span>}
        </div>
      </section>
    </main>
  );
}
