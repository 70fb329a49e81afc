/**
 * What an import is made of, whatever the file: the items the import dialog follows (one a file), the
 * options of a run and its outcome, the upload times that keep a batch in camera order, the duplicate check
 * against the gallery, and the media item a processed photo becomes (src/store/repositories/images.ts).
 */
import { pbDateAt } from "../domain/contract";
import { formatBytes } from "../domain/format";
import { DuplicateCheck } from "../domain/imports";
import { originalLimitBytes, videoLimitBytes } from "../domain/original-limit";
import { errorMessage } from "../lib/errors";
import { db } from "../store/db";
import { galleryContents, type NewImage } from "../store/repositories/images";
import { settingsRow } from "../store/repositories/settings";
import type { ProcessedImage } from "../workers-client/media";
import { isClipName } from "./clipFiles";
import { MEDIA_TEXTS } from "./texts";

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
  /** What is being done to it now, when it takes long (a clip's web version); shown beside its status. */
  step?: string;
  /** What the owner should know of it once stored (a clip kept without a web version, and why). */
  note?: string;
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
  /** What the owner should know of stored items, once each (a clip kept without a web version). */
  notes?: string[];
}

export async function duplicateCheck(clientId: string, options: ImportOptions): Promise<DuplicateCheck | null> {
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

export function newImage(clientId: string, name: string, original: Blob, p: ProcessedImage, uploadedAt: string, watermark: string, set = ""): NewImage {
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
export function failure(err: unknown, signal?: AbortSignal): Partial<ImportItem> {
  return signal?.aborted ? { status: "cancelled", progress: 0 } : { status: "error", progress: 0, error: errorMessage(err, String(err)) };
}

/**
 * The studio's limits, read once a run: a file over its kind's limit (a photo's original, a clip) is refused
 * before any work, with the reason; null when it fits.
 */
export async function studioLimits(): Promise<(name: string, size: number) => string | null> {
  const settings = await settingsRow(db);
  const photo = originalLimitBytes(settings);
  const clip = videoLimitBytes(settings);
  return (name, size) => {
    if (isClipName(name)) return size > clip ? MEDIA_TEXTS.clipTooLarge(formatBytes(clip)) : null;
    return size > photo ? MEDIA_TEXTS.tooLarge(formatBytes(photo)) : null;
  };
}

/**
 * Runs jobs one at a time, in the order they ask: a clip's web version takes the device's encoder and
 * minutes, so clips go one after another while photos share the media workers.
 */
export function oneAtATime(): <T>(job: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (job) => {
    const next = last.then(job, job);
    last = next.catch(() => undefined);
    return next;
  };
}
