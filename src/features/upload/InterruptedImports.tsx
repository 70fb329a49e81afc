/**
 * The notice of imports cut short (issue 23), on every screen of the owner's app: for each journal left by
 * a page that is gone, which files never reached the gallery, with 'Choose the photos again' (the file
 * picker; the gallery of that client then imports them, skipping any it already has) and 'Dismiss'.
 * A journal whose files all landed (the page died just before removing it) is removed without a word.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { notImported, type ImportJournal } from "../../domain/imports";
import { CLIP_ACCEPT } from "../../media/clipFiles";
import { useImportAgain } from "../../state/importAgain";
import { db } from "../../store/db";
import { forgetImport, listImports } from "../../store/repositories/imports";
import { Button } from "../../ui/Button";
import { PAGE_ID, openPages } from "./importPage";
import { NAMES_IN_SENTENCE, UPLOAD_TEXTS } from "./texts";
import { acceptedZip } from "./UploadZones";
import "./upload.css";

/** How often the open tabs are asked again while another tab's import is listed. */
const RECHECK_MS = 5000;

/** Names in camera order (IMG_2 before IMG_10), as a person looks for them in a folder. */
const NAME_ORDER = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

interface Interrupted {
  journal: ImportJournal;
  clientName: string;
}

function useInterruptedImports(): Interrupted[] {
  const found = useLiveQuery(async () => {
    const journals = await listImports(db);
    const clients = await db.clients.bulkGet(journals.map((j) => j.client));
    return journals.flatMap((journal, i) => (clients[i] ? [{ journal, clientName: clients[i].name }] : []));
  }, []);
  const [pages, setPages] = useState<Set<string> | null>(null);
  // Asked again when the journals change, and every few seconds while another tab runs an import: a tab
  // that closes releases its lock without writing anything here.
  const hasOthers = !!found?.some(({ journal }) => journal.page !== PAGE_ID);
  useEffect(() => {
    let isCurrent = true;
    const ask = () => void openPages().then((open) => isCurrent && setPages(open));
    ask();
    const timer = hasOthers ? window.setInterval(ask, RECHECK_MS) : undefined;
    return () => {
      isCurrent = false;
      window.clearInterval(timer);
    };
  }, [found, hasOthers]);
  const interrupted = !found || !pages ? [] : found.filter(({ journal }) => !pages.has(journal.page));
  useEffect(() => {
    for (const { journal } of interrupted) if (journal.files.length && !notImported(journal).length) void forgetImport(db, journal.id);
  });
  return interrupted.filter(({ journal }) => !journal.files.length || notImported(journal).length);
}

export function InterruptedImports() {
  const interrupted = useInterruptedImports();
  if (!interrupted.length) return null;
  return (
    <div className="import-notices">
      {interrupted.map((i) => (
        <InterruptedImport key={i.journal.id} {...i} />
      ))}
    </div>
  );
}

function InterruptedImport({ journal, clientName }: Interrupted) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const missing = notImported(journal).sort((a, b) => NAME_ORDER.compare(a.name, b.name));
  const isZip = journal.kind === "zip";
  const text = isZip ? UPLOAD_TEXTS.interruptedZip(journal.zipName ?? "", missing.length, clientName) : UPLOAD_TEXTS.interruptedPhotos(missing.map((f) => f.name), journal.files.length, clientName);
  const titleId = `import-notice-${journal.id}`;

  function chosen(files: File[]) {
    if (!files.length || (isZip && !acceptedZip(files[0]!))) return;
    useImportAgain.getState().hand({ client: journal.client, kind: journal.kind, files: isZip ? files.slice(0, 1) : files, replaces: journal.id });
    navigate(`/clients/${journal.client}`);
  }

  return (
    <section className="import-notice" role="region" aria-labelledby={titleId} data-testid="interrupted-import">
      <div className="import-notice-body">
        <h2 id={titleId} className="import-notice-title">
          {UPLOAD_TEXTS.interruptedTitle}
        </h2>
        <p>{text}</p>
        {!isZip && missing.length > NAMES_IN_SENTENCE ? (
          <details>
            <summary>{UPLOAD_TEXTS.showAll(missing.length)}</summary>
            <ul className="import-notice-files">
              {missing.map((f) => (
                <li key={f.key}>{f.name}</li>
              ))}
            </ul>
          </details>
        ) : null}
        <p className="muted">{UPLOAD_TEXTS.interruptedHint}</p>
      </div>
      <div className="import-notice-actions">
        <Button onClick={() => inputRef.current?.click()}>{isZip ? UPLOAD_TEXTS.pickZipAgain : UPLOAD_TEXTS.pickPhotosAgain}</Button>
        <Button variant="outline" onClick={() => void forgetImport(db, journal.id)}>
          {UPLOAD_TEXTS.dismiss}
        </Button>
      </div>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={isZip ? ".zip,application/zip" : `image/*,.heic,.heif,${CLIP_ACCEPT}`}
        multiple={!isZip}
        data-testid="Choose again"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          chosen(files);
        }}
      />
    </section>
  );
}
