/**
 * The bar of the owner's 'Preview as client' (issue 27): says it is a preview in which nothing is counted or
 * saved, switches the preview's language and theme (the page reloads in them: the server draws the page in
 * both, src/lib/previewParams.ts), and closes the preview (its tab, or back to the client's page). Shown only
 * when the server says the session is the owner's preview.
 */
import { activeLocale } from "../../lib/i18n/i18n";
import { previewHref, type PreviewParams } from "../../lib/previewParams";
import type { GalleryTheme } from "../../domain/records";
import { Button } from "../../ui/Button";
import { LocaleOptions } from "../../ui/LocaleOptions";
import { PREVIEW_TEXTS } from "./texts";

/** Reloads the preview with other choices. */
export function reloadPreview(next: Partial<PreviewParams>, theme: GalleryTheme): void {
  window.location.assign(previewHref(window.location.pathname, { lang: activeLocale(), theme, ...next }));
}

/** Closes the preview's tab (the owner's app opened it); a tab the browser will not close goes to the client's page. */
export function closePreview(clientId: string): void {
  window.close();
  window.setTimeout(() => window.location.assign(clientId ? `/clients/${encodeURIComponent(clientId)}` : "/"), 200);
}

export function PreviewBar({ clientId, theme }: { clientId: string; theme: GalleryTheme }) {
  return (
    <div className="preview-bar" role="region" aria-label={PREVIEW_TEXTS.label} data-testid="preview-bar">
      <strong className="preview-badge">{PREVIEW_TEXTS.label}</strong>
      <span className="preview-note">{PREVIEW_TEXTS.note}</span>
      <label className="preview-choice">
        <span>{PREVIEW_TEXTS.language}</span>
        <select value={activeLocale()} onChange={(e) => reloadPreview({ lang: e.target.value }, theme)}>
          <LocaleOptions />
        </select>
      </label>
      <label className="preview-choice">
        <span>{PREVIEW_TEXTS.theme}</span>
        <select value={theme} onChange={(e) => reloadPreview({}, e.target.value === "dark" ? "dark" : "light")}>
          <option value="light">{PREVIEW_TEXTS.light}</option>
          <option value="dark">{PREVIEW_TEXTS.dark}</option>
        </select>
      </label>
      <Button variant="outline" className="preview-close" onClick={() => closePreview(clientId)}>
        {PREVIEW_TEXTS.close}
      </Button>
    </div>
  );
}
