/**
 * Runs imports into one client's gallery, keeps what the upload progress dialog shows, and cancels them.
 *
 * Each import records its journal on the device before its first file is touched and removes it when it
 * ends (finished, failed or cancelled: the dialog has said what happened); a page that dies mid-import
 * leaves it behind, and InterruptedImports names the files it never stored. Files the gallery already has
 * are skipped and offered back: 'Import them anyway' runs just those again without the check.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { JournalFile } from "../../domain/imports";
import { db } from "../../store/db";
import { forgetImport, setImportFiles, startImport, type NewImport } from "../../store/repositories/imports";
import { setsForFolders } from "../../store/repositories/sets";
import { topFolder, zipFolders } from "../../domain/zip-folders";
import { toast } from "../../state/toast";
import { appSync } from "../../sync/appSync";
import type { ImportItem, ImportOutcome } from "../../media/importItems";
import { importPhotos } from "../../media/importPhotos";
import { importZip, planZip, type ZipPlan } from "../../media/importZip";
import { MEDIA_TEXTS } from "../../media/texts";
import { PAGE_ID, holdPageLock } from "./importPage";
import { savedWords } from "./importWords";
import { UPLOAD_TEXTS } from "./texts";
import { errorMessage } from "../../lib/errors";

export interface ImportRun {
  kind: "images" | "zip";
  items: ImportItem[];
  isComplete: boolean;
  isCancelled?: boolean;
  /** A problem with the archive as a whole; nothing of it was kept. */
  error?: string;
  /** Names of the files skipped because the gallery already has their bytes. */
  duplicates?: string[];
}

export interface StartOptions {
  /** false: 'Import them anyway', nothing is compared with the gallery. */
  checkDuplicates?: boolean;
  /** Journals of interrupted imports this one picks up again; they go when it starts. */
  replaces?: string[];
  /** The set the photos go into (issue 26); "" or absent: none. */
  set?: string;
}

/** The question a zip with top-level folders asks: make them sets? (issue 26) */
export interface FolderQuestion {
  folders: string[];
  answer: (makeSets: boolean) => void;
}

/** What 'Import them anyway' imports: the duplicates of the last run. */
type Again = { kind: "images"; files: File[] } | { kind: "zip"; zip: File; plan: ZipPlan };

let nextRunId = 0;

/** What the owner should know of clips kept without a web version (each reason once), beside the dialog's rows. */
function tellNotes(notes: string[]): void {
  for (const note of notes) toast({ title: UPLOAD_TEXTS.clipKeptTitle, description: note, durationMs: NOTE_TOAST_MS });
}
/** A zip asks whether its folders become sets from this many top-level folders on (issue 26). */
const MIN_FOLDERS_FOR_SETS = 2;
const SIZE_READS_PER_TASK = 40;
/** The duplicates toast carries an action: long enough to read the note and reach the button. */
const DUPLICATES_TOAST_MS = 15_000;
/** A clip's note names a device to use instead: long enough to read. */
const NOTE_TOAST_MS = 15_000;

export function useImport(clientId: string) {
  const [run, setRun] = useState<ImportRun | null>(null);
  const [folderQuestion, setFolderQuestion] = useState<FolderQuestion | null>(null);
  const update = useCallback((id: string, patch: Partial<ImportItem>) => setRun((r) => (r ? { ...r, items: r.items.map((i) => (i.id === id ? { ...i, ...patch } : i)) } : r)), []);
  const abortRef = useRef<AbortController | null>(null);
  /** The duplicates of the last run (null when it had none), and the latest importAnyway for the toast's button. */
  const againRef = useRef<Again | null>(null);
  const anywayRef = useRef<() => void>(() => undefined);
  const begin = useCallback(() => {
    abortRef.current = new AbortController();
    againRef.current = null;
    return abortRef.current.signal;
  }, []);

  /** The journal of a new import; the import goes on without one if the device cannot write it (it reports its own failures). */
  const openJournal = useCallback(
    async (start: Omit<NewImport, "page" | "client">): Promise<string | undefined> => {
      try {
        await holdPageLock();
        return (await startImport(db, { ...start, page: PAGE_ID, client: clientId })).id;
      } catch {
        return undefined;
      }
    },
    [clientId],
  );
  const closeJournal = (id: string | undefined) => (id ? forgetImport(db, id).catch(() => undefined) : undefined);

  /** The note on duplicates, once a run is complete, and the way to import them anyway. */
  const offerDuplicates = useCallback((names: string[], again: Again, saved: string) => {
    if (!names.length) return false;
    againRef.current = again;
    setRun((r) => (r ? { ...r, duplicates: names } : r));
    toast({
      title: UPLOAD_TEXTS.duplicatesSkipped(names.length),
      description: `${saved} ${UPLOAD_TEXTS.duplicatesWhy(names.length)}`.trim(),
      action: { label: UPLOAD_TEXTS.importAnyway, onClick: () => anywayRef.current() },
      durationMs: DUPLICATES_TOAST_MS,
    });
    return true;
  }, []);

  const startPhotos = useCallback(
    async (files: File[], { checkDuplicates = true, replaces, set }: StartOptions = {}): Promise<void> => {
      if (!files.length) return;
      const runId = ++nextRunId;
      const signal = begin();
      // Smallest first (specification, section 9): the owner sees results soonest. File.size can cost a
      // round trip to the browser for files from disk, so sizes are read once, a few dozen per task, to
      // keep the page responsive when hundreds of photos arrive at once.
      const sizes: number[] = [];
      for (let i = 0; i < files.length; i += SIZE_READS_PER_TASK) {
        for (const file of files.slice(i, i + SIZE_READS_PER_TASK)) sizes.push(file.size);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      const queued = files.map((file, i) => ({ id: `${runId}-${i}`, file, size: sizes[i]! })).sort((a, b) => a.size - b.size);
      setRun({ kind: "images", isComplete: false, items: queued.map(({ id, file, size }) => ({ id, name: file.name, size, status: "queued", progress: 0 })) });
      const journalId = await openJournal({ kind: "images", files: queued.map(({ id, file, size }) => ({ key: id, name: file.name, size })), replaces });
      let outcome: ImportOutcome;
      try {
        outcome = await importPhotos(clientId, queued, update, { signal, journalId, checkDuplicates, set });
      } finally {
        await closeJournal(journalId);
      }
      const { stored, duplicates, noSpace, notes = [] } = outcome;
      setRun((r) => (r ? { ...r, isComplete: true } : r));
      tellNotes(notes);
      if (noSpace.length) toast({ title: UPLOAD_TEXTS.outOfSpaceTitle, description: MEDIA_TEXTS.outOfSpace(noSpace.length, files.length), variant: "destructive" });
      if (signal.aborted) return toast({ title: UPLOAD_TEXTS.importCancelled, description: UPLOAD_TEXTS.cancelledSummary(stored, files.length - stored - duplicates.length) });
      const failed = files.length - stored - duplicates.length;
      const skipped = queued.filter(({ id }) => duplicates.includes(id));
      if (offerDuplicates(skipped.map(({ file }) => file.name), { kind: "images", files: skipped.map(({ file }) => file) }, failed ? UPLOAD_TEXTS.someErrors + "." : stored ? savedWords(stored, appSync.status.get().isOnline, "images").description : "")) return;
      if (noSpace.length) return;
      // The dialog follows the upload; the toast says where the photos are now (importWords.ts).
      if (failed === 0) toast(savedWords(stored, appSync.status.get().isOnline, "images"));
      else if (stored > 0) toast({ title: UPLOAD_TEXTS.importCompleted, description: UPLOAD_TEXTS.someErrors });
      else toast({ title: UPLOAD_TEXTS.uploadFailed, description: UPLOAD_TEXTS.someErrors, variant: "destructive" });
    },
    [clientId, update, begin, openJournal, offerDuplicates],
  );

  const startZip = useCallback(
    async (zip: File, { checkDuplicates = true, replaces, set }: StartOptions = {}, known?: ZipPlan): Promise<void> => {
      const signal = begin();
      setRun({ kind: "zip", isComplete: false, items: [] });
      const journalId = await openJournal({ kind: "zip", zipName: zip.name, files: [], replaces });
      try {
        const plan = known ?? (await planZip(zip, signal));
        if (!plan.entries.length) throw new Error(UPLOAD_TEXTS.noImagesInZip);
        setRun({ kind: "zip", isComplete: false, items: plan.entries.map((e, i) => ({ id: String(i), name: e.name, size: e.size, status: "queued", progress: 0 })) });
        const files: JournalFile[] = plan.entries.map((e, i) => ({ key: String(i), name: e.name, size: e.size }));
        if (journalId) await setImportFiles(db, journalId, files).catch(() => undefined);
        // Photos spread over top-level folders may make sets: asked once, before anything is stored (not for
        // 'Import them anyway'). One folder holding everything is how a compressed folder comes: no question.
        const folders = known ? [] : zipFolders(plan.entries.map((e) => e.path));
        const makeSets = folders.length >= MIN_FOLDERS_FOR_SETS && (await new Promise<boolean>((answer) => setFolderQuestion({ folders, answer })));
        setFolderQuestion(null);
        const setOfFolder = makeSets ? await setsForFolders(db, clientId, folders) : new Map<string, string>();
        const setOfPath = (path: string) => setOfFolder.get(topFolder(path)) ?? "";
        const { stored, duplicates, notes = [] } = await importZip(clientId, zip, plan, update, { signal, journalId, checkDuplicates, set, setOfPath });
        setRun((r) => (r ? { ...r, isComplete: true } : r));
        tellNotes(notes);
        if (signal.aborted) return toast({ title: UPLOAD_TEXTS.importCancelled, description: UPLOAD_TEXTS.cancelledSummary(stored, plan.entries.length - stored - duplicates.length) });
        const skipped: ZipPlan = { entries: plan.entries.filter((_, i) => duplicates.includes(String(i))), skipped: 0 };
        if (offerDuplicates(skipped.entries.map((e) => e.name), { kind: "zip", zip, plan: skipped }, stored ? savedWords(stored, appSync.status.get().isOnline, "zip").description : "")) return;
        toast(savedWords(stored, appSync.status.get().isOnline, "zip"));
      } catch (err) {
        if (signal.aborted) return setRun((r) => ({ kind: "zip", items: r?.items ?? [], isComplete: true, isCancelled: true }));
        const message = errorMessage(err);
        setRun((r) => ({ kind: "zip", items: r?.items ?? [], isComplete: true, error: message }));
        toast({ title: UPLOAD_TEXTS.zipFailed, description: message, variant: "destructive" });
      } finally {
        await closeJournal(journalId);
      }
    },
    [clientId, update, begin, openJournal, offerDuplicates],
  );

  /** 'Import them anyway': the last run's duplicates, imported without the check. */
  const importAnyway = useCallback(() => {
    const again = againRef.current;
    againRef.current = null;
    if (again?.kind === "images") void startPhotos(again.files, { checkDuplicates: false });
    else if (again?.kind === "zip") void startZip(again.zip, { checkDuplicates: false }, again.plan);
  }, [startPhotos, startZip]);
  useEffect(() => {
    anywayRef.current = importAnyway;
  }, [importAnyway]);

  /** 'Cancel': stops the jobs in flight; what had finished stays. The dialog completes when they have stopped. */
  const cancel = useCallback(() => {
    abortRef.current?.abort();
    setRun((r) => (r && !r.isComplete ? { ...r, isCancelled: true } : r));
  }, []);

  const close = useCallback(() => setRun((r) => (r?.isComplete ? null : r)), []);
  return { run, startPhotos, startZip, importAnyway, cancel, close, folderQuestion };
}
