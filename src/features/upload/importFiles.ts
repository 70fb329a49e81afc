/**
 * Imports photos and zip archives into a client's gallery on this device: every file goes through the
 * media workers (type by bytes, pixel limit, orientation, thumbnail, preview, watermark, checksum) and lands
 * in the store through the images repository; sync uploads it when online.
 *
 * Photos are stored one by one as they finish, so a failure of one file never costs the others. A zip is
 * all or nothing for what is wrong with the archive itself (limits, unsafe paths, damaged data: nothing is
 * kept), while a damaged photo inside it fails alone.
 *
 * Both take the AbortSignal of the dialog's 'Cancel': jobs in flight stop (their worker is terminated),
 * queued ones never start, and what had finished is kept. Each photo is stored in one transaction (row,
 * bytes and outbox entry together), so a cancel never leaves half an image.
 *
 * Imports that remember (issue 23): the import's journal gets each file marked done in the transaction
 * that stores it. Unless asked not to ('Import them anyway'), a file whose bytes the gallery already has
 * (CRC-32 and size; src/domain/imports.ts) is skipped before anything is written or processed: a photo's
 * CRC is computed by a worker first, a zip entry's is read from the archive's directory.
 */
import { pbDateAt } from "../../domain/contract";
import { DuplicateCheck, contentKey } from "../../domain/imports";
import { formatBytes } from "../../domain/format";
import { IMAGE_EXTENSIONS, hasExtension } from "../../domain/image-files";
import { originalLimitBytes } from "../../domain/original-limit";
import { db } from "../../store/db";
import { addImages, galleryContents, type NewImage } from "../../store/repositories/images";
import { markImported } from "../../store/repositories/imports";
import { settingsRow } from "../../store/repositories/settings";
import { mediaPool, type ProcessedImage, type ZipEntry } from "../../workers-client/media";
import { processOptions } from "../../media/processOptions";
import { UPLOAD_TEXTS } from "./texts";
import { errorMessage } from "../../lib/errors";
import { StoreError } from "../../store/errors";
import { SpaceBudget } from "./importSpace";

/**
 * "adding": converted, on its way into the gallery (the client converter's files are done only once there).
 * "cancelled": stopped by 'Cancel' before it was finished; nothing of it was kept.
 * "duplicate": the gallery already has these bytes (or an earlier file of the same import had them); skipped.
 */
export type ItemStatus = "queued" | "uploading" | "adding" | "success" | "error" | "cancelled" | "duplicate";

export interface ImportItem {
  id: string;
  name: string;
  size: number;
  status: ItemStatus;
  progress: number;
  error?: string;
}

export type ItemUpdate = (id: string, patch: Partial<ImportItem>) => void;

export interface ImportOptions {
  signal?: AbortSignal;
  /** The import's journal; its file keys are the items' ids. */
  journalId?: string;
  /** Skip files whose bytes the gallery already has; false for 'Import them anyway'. */
  checkDuplicates: boolean;
  /** The set the photos go into ("" or absent: none); a zip entry's own set, when `setOfPath` names one, wins. */
  set?: string;
  setOfPath?: (path: string) => string;
}

export interface ImportOutcome {
  /** How many photos were stored. */
  stored: number;
  /** Ids of the items skipped as duplicates. */
  duplicates: string[];
  /** Ids of the items not imported because the device is out of space (nothing of them was written). */
  noSpace: string[];
}

async function duplicateCheck(clientId: string, options: ImportOptions): Promise<DuplicateCheck | null> {
  return options.checkDuplicates ? new DuplicateCheck(await galleryContents(db, clientId)) : null;
}

/**
 * Upload times that put a batch in file-name order (camera order: IMG_0001 before IMG_0002), whatever
 * order the workers finish in. The gallery lists images by upload time.
 */
const NAME_ORDER = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export function uploadTimes(names: string[], start: number): string[] {
  // One collator for the whole sort: localeCompare with options builds one per call (slow for big batches).
  const order = names.map((name, i) => ({ name, i })).sort((a, b) => NAME_ORDER.compare(a.name, b.name) || a.i - b.i);
  const times: string[] = new Array(names.length);
  order.forEach(({ i }, rank) => (times[i] = pbDateAt(start + rank)));
  return times;
}

function newImage(clientId: string, name: string, original: Blob, p: ProcessedImage, uploadedAt: string, watermark: string, set = ""): NewImage {
  return {
    fields: {
      set,
      uploadedAt,
      client: clientId,
      filename: name,
      originalName: name,
      fileSize: original.size,
      mimeType: p.mimeType,
      width: p.width,
      height: p.height,
      checksum: p.checksum,
      crc32: p.crc32,
      placeholder: p.placeholder,
      metadata: { orientation: p.orientation, watermark },
    },
    original: original.type === p.mimeType ? original : new Blob([original], { type: p.mimeType }),
    thumbnail: p.thumbnail,
    medium: p.medium,
    large: p.large,
    preview: p.preview,
    ...(p.jpeg ? { jpeg: p.jpeg } : {}),
  };
}

/** How a file that did not finish shows: cancelled (by the person) or failed (with the reason). */
function failure(err: unknown, signal?: AbortSignal): Partial<ImportItem> {
  return signal?.aborted ? { status: "cancelled", progress: 0 } : { status: "error", progress: 0, error: errorMessage(err, String(err)) };
}

/** Checks, processes and stores each photo; says how many were stored and which were duplicates. */
export async function importPhotos(clientId: string, files: { id: string; file: File; size?: number }[], update: ItemUpdate, run: ImportOptions): Promise<ImportOutcome> {
  const { signal, journalId } = run;
  const options = await processOptions(clientId);
  const limit = originalLimitBytes(await settingsRow(db));
  const check = await duplicateCheck(clientId, run);
  const pool = mediaPool();
  const times = uploadTimes(files.map(({ file }) => file.name), db.serverNow());
  let stored = 0;
  const duplicates: string[] = [];
  const noSpace: string[] = [];
  const space = await SpaceBudget.measure();
  // Files claim their bytes in queue order, whichever CRC finishes first: of two equal files in one pick
  // the first (equal files have equal sizes, and the queue keeps their order) goes on, the second is the
  // duplicate. Each file waits for the previous one's claim (made, or given up by a failure).
  let previousClaim: Promise<void> = Promise.resolve();
  await Promise.all(
    files.map(async ({ id, file, size = file.size }, index) => {
      const turn = previousClaim;
      let claimed!: () => void;
      previousClaim = new Promise<void>((resolve) => (claimed = resolve));
      try {
        if (size > limit) throw new Error(UPLOAD_TEXTS.tooLarge(formatBytes(limit)));
        if (check) {
          const crc = await pool.run(
            (api) => {
              update(id, { status: "uploading", progress: 10 });
              return api.fileCrc32(file);
            },
            signal,
          );
          await turn;
          const isNew = check.claim(contentKey(crc, size));
          claimed();
          if (!isNew) {
            duplicates.push(id);
            if (journalId) await markImported(db, journalId, [id]);
            return update(id, { status: "duplicate", progress: 100 });
          }
        }
        if (!space.take(size)) {
          noSpace.push(id);
          return update(id, { status: "error", progress: 0, error: UPLOAD_TEXTS.notImportedNoSpace });
        }
        const processed = await pool.run(
          (api) => {
            update(id, { status: "uploading", progress: 30 });
            return api.processImage(file, options);
          },
          signal,
        );
        update(id, { progress: 80 });
        await addImages(db, [newImage(clientId, file.name, file, processed, times[index]!, options.signature, run.set)], journalId ? { importId: journalId, keys: [id] } : undefined);
        stored++;
        update(id, { status: "success", progress: 100 });
      } catch (err) {
        if (err instanceof StoreError && err.kind === "quota") {
          space.exhaust(); // the photo's transaction rolled back whole: nothing of it was written
          noSpace.push(id);
          return update(id, { status: "error", progress: 0, error: UPLOAD_TEXTS.notImportedNoSpace });
        }
        update(id, failure(err, signal));
      } finally {
        claimed(); // no-op once claimed; lets the next file claim when this one failed first
      }
    }),
  );
  return { stored, duplicates, noSpace };
}

export interface ZipPlan {
  entries: ZipEntry[];
  /** Files in the archive that are not photos by their name; left out. */
  skipped: number;
}

/** Reads and checks the archive's directory; throws (with the reason) for a hostile or damaged archive. */
export async function planZip(zip: File, signal?: AbortSignal): Promise<ZipPlan> {
  const entries = await mediaPool().run((api) => api.listZip(zip), signal);
  const photos = entries.filter((e) => hasExtension(e.name, IMAGE_EXTENSIONS));
  return { entries: photos, skipped: entries.length - photos.length };
}

/**
 * Extracts and processes every photo of the archive, then stores them all in one transaction. A problem
 * with the archive itself (an entry that lies about its size, damaged data) aborts everything and stores
 * nothing; a photo that cannot be read fails alone. A cancel keeps the photos processed so far. Entries whose
 * bytes the gallery has (by the CRC-32 and size the directory states, checked again when extracting) are
 * skipped without being extracted. Item ids are the entries' indexes in the plan.
 */
export async function importZip(clientId: string, zip: File, plan: ZipPlan, update: ItemUpdate, run: ImportOptions): Promise<ImportOutcome> {
  const { signal, journalId } = run;
  const options = await processOptions(clientId);
  const limit = originalLimitBytes(await settingsRow(db));
  const check = await duplicateCheck(clientId, run);
  const duplicates = check ? plan.entries.flatMap((e, i) => (check.claim(contentKey(e.crc32, e.size)) ? [] : [String(i)])) : [];
  for (const id of duplicates) update(id, { status: "duplicate", progress: 100 });
  if (journalId) await markImported(db, journalId, duplicates);
  const skip = new Set(duplicates);
  // A zip is stored in one transaction at its end: it fits whole or not at all, so it is checked first.
  const wanted = plan.entries.filter((_, i) => !skip.has(String(i)));
  const space = await SpaceBudget.measure();
  if (!space.take(wanted.reduce((sum, e) => sum + e.size, 0))) throw new Error(UPLOAD_TEXTS.outOfSpace(wanted.length, plan.entries.length));
  const pool = mediaPool();
  const abort = new AbortController();
  const stop = () => abort.abort(signal?.reason);
  signal?.addEventListener("abort", stop, { once: true });
  const ready: NewImage[] = [];
  const readyIds: string[] = [];
  const times = uploadTimes(plan.entries.map((e) => e.path), db.serverNow());
  let archiveError: Error | null = null;
  await Promise.all(
    plan.entries.map(async (entry, i) => {
      const id = String(i);
      if (skip.has(id)) return;
      try {
        if (entry.size > limit) throw new Error(UPLOAD_TEXTS.tooLarge(formatBytes(limit)));
        const original = await pool.run(
          (api) => {
            update(id, { status: "uploading", progress: 20 });
            return api.extractEntry(zip, entry);
          },
          abort.signal,
        );
        update(id, { progress: 50 });
        const processed = await pool.run((api) => api.processImage(original, options), abort.signal);
        ready.push(newImage(clientId, entry.name, original, processed, times[i]!, options.signature, run.setOfPath?.(entry.path) || run.set));
        readyIds.push(id);
        update(id, { status: "success", progress: 100 });
      } catch (err) {
        if (err instanceof Error && err.name === "ZipError" && !archiveError) {
          archiveError = err;
          abort.abort(err);
        }
        update(id, archiveError ? { status: "error", progress: 0, error: errorMessage(err, String(err)) } : failure(err, signal));
      }
    }),
  );
  signal?.removeEventListener("abort", stop);
  if (archiveError) throw archiveError;
  if (ready.length) {
    try {
      await addImages(db, ready, journalId ? { importId: journalId, keys: readyIds } : undefined);
    } catch (err) {
      if (err instanceof StoreError && err.kind === "quota") throw new Error(UPLOAD_TEXTS.outOfSpace(wanted.length, plan.entries.length), { cause: err });
      throw err;
    }
  }
  return { stored: ready.length, duplicates, noSpace: [] };
}
