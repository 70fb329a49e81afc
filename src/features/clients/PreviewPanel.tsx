/**
 * 'Preview as client' on the client's page (issue 27): the owner picks a language and a theme and opens the
 * gallery in a new tab as the client sees it, through the server's preview session (src/sync/preview.ts),
 * without the code and without being counted. The gallery on the server is what is shown: offline, not
 * synced yet, or closed to clients, the panel says so instead.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useId, useState } from "react";
import { pickLocale, type Locale } from "../../lib/i18n/locales";
import { previewHref } from "../../lib/previewParams";
import { db } from "../../store/db";
import { pendingEntriesOf } from "../../store/outbox";
import type { ClientRow } from "../../store/rows";
import { startPreview, type PreviewStart } from "../../sync/preview";
import { Button } from "../../ui/Button";
import { LocaleOptions } from "../../ui/LocaleOptions";
import { useSettingsRow } from "../settings/useSettingsRow";
import { PREVIEW_TEXTS } from "./texts";

function problemOf(result: PreviewStart): string {
  if (result.kind === "offline") return PREVIEW_TEXTS.offline;
  if (result.kind === "not-on-server") return PREVIEW_TEXTS.notOnServer;
  if (result.kind === "closed") return result.reason === "expired" ? PREVIEW_TEXTS.expired : PREVIEW_TEXTS.disabled;
  return PREVIEW_TEXTS.failed;
}

export function PreviewPanel({ client }: { client: ClientRow }) {
  const id = useId();
  const settings = useSettingsRow();
  const [lang, setLang] = useState<Locale | "">("");
  const [theme, setTheme] = useState<"light" | "dark" | "">("");
  const [isOpening, setIsOpening] = useState(false);
  const [problem, setProblem] = useState("");
  const hasPending = useLiveQuery(async () => (await pendingEntriesOf(db, "clients", client.id)).length > 0, [client.id]);
  // The gallery's own language and theme, else the studio's defaults, until the owner picks others.
  const shownLang = lang || pickLocale(client.language, settings?.language);
  const galleryTheme = (client.galleryTheme || settings?.galleryTheme) === "dark" ? "dark" : "light";
  const shownTheme = theme || galleryTheme;

  async function open() {
    setProblem("");
    if (!navigator.onLine) return setProblem(PREVIEW_TEXTS.offline);
    setIsOpening(true);
    // The tab opens now, while the click still counts as one (a tab opened after a request may be blocked).
    const tab = window.open("", "_blank");
    const result = await startPreview(client.id);
    setIsOpening(false);
    if (result.kind !== "ready") {
      tab?.close();
      setProblem(problemOf(result));
      return;
    }
    const href = previewHref(`/gallery/${encodeURIComponent(result.accessUrl)}`, { lang: shownLang, theme: shownTheme });
    if (tab) tab.location.href = href;
    else window.location.assign(href);
  }

  return (
    <section className="preview-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {PREVIEW_TEXTS.title}
      </h2>
      <p className="muted">{PREVIEW_TEXTS.text}</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-lang`}>{PREVIEW_TEXTS.language}</label>
          <select id={`${id}-lang`} value={shownLang} onChange={(e) => setLang(pickLocale(e.target.value))}>
            <LocaleOptions />
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-theme`}>{PREVIEW_TEXTS.theme}</label>
          <select id={`${id}-theme`} value={shownTheme} onChange={(e) => setTheme(e.target.value === "dark" ? "dark" : "light")}>
            <option value="light">{PREVIEW_TEXTS.light}</option>
            <option value="dark">{PREVIEW_TEXTS.dark}</option>
          </select>
        </div>
      </div>
      <Button variant="outline" onClick={() => void open()} disabled={isOpening}>
        {isOpening ? PREVIEW_TEXTS.opening : PREVIEW_TEXTS.open}
      </Button>
      {problem ? (
        <p className="field-warning" role="alert">
          {problem}
        </p>
      ) : hasPending ? (
        <p className="muted small">{PREVIEW_TEXTS.unsynced}</p>
      ) : null}
    </section>
  );
}
