/**
 * Imports a zip archive of photos and clips into a client's gallery (src/media/importPhotos.ts says how a file goes
 * in): all or nothing for what is wrong with the archive itself (limits, unsafe paths, damaged data: nothing
 * is kept), while a damaged photo inside it fails alone.
 */
import { contentKey } from "../domain/imports";
import { IMAGE_EXTENSIONS, hasExtension } from "../domain/image-files";
import { errorMessage } from "../lib/errors";
import { db } from "../store/db";
import { StoreError } from "../store/errors";
import { addImages, type NewImage } from "../store/repositories/images";
import { markImported } from "../store/repositories/imports";
import { mediaPool, type ZipEntry } from "../workers-client/media";
import { isClipName } from "./clipFiles";
import { duplicateCheck, failure, newImage, oneAtATime, studioLimits, uploadTimes, type ImportOptions, type ImportOutcome, type ItemUpdate } from "./importItems";
import { SpaceBudget } from "./importSpace";
import { processOptions } from "./processOptions";
import { makeClip, type MadeClip } from "./makeClip";
import { MEDIA_TEXTS } from "./texts";
import { deviceVideoTools, type VideoTools } from "./videoTools";

export interface ZipPlan {
  entries: ZipEntry[];
  /** Files in the archive that are neither photos nor clips by their name; left out. */
  skipped: number;
}

/** Reads and checks the archive's directory; throws (with the reason) for a hostile or damaged archive. */
export async function planZip(zip: File, signal?: AbortSignal): Promise<ZipPlan> {
  const entries = await mediaPool().run((api) => api.listZip(zip), signal);
  const photos = entries.filter((e) => hasExtension(e.name, IMAGE_EXTENSIONS) || isClipName(e.name));
  return { entries: photos, skipped: entries.length - photos.length };
}

/**
 * Extracts and processes every photo and clip of the archive (clips one at a time, makeClip.ts), then stores
 * them all in one transaction. A problem
 * with the archive itself (an entry that lies about its size, damaged data) aborts everything and stores
 * nothing; a photo that cannot be read fails alone. A cancel keeps the photos processed so far. Entries whose
 * bytes the gallery has (by the CRC-32 and size the directory states, checked again when extracting) are
 * skipped without being extracted. Item ids are the entries' indexes in the plan.
 */
export async function importZip(clientId: string, zip: File, plan: ZipPlan, update: ItemUpdate, run: ImportOptions, tools: VideoTools = deviceVideoTools): Promise<ImportOutcome> {
  const { signal, journalId } = run;
  const options = await processOptions(clientId);
  const refusal = await studioLimits();
  const clipTurn = oneAtATime();
  const check = await duplicateCheck(clientId, run);
  const duplicates = check ? plan.entries.flatMap((e, i) => (check.claim(contentKey(e.crc32, e.size)) ? [] : [String(i)])) : [];
  for (const id of duplicates) update(id, { status: "duplicate", progress: 100 });
  if (journalId) await markImported(db, journalId, duplicates);
  const skip = new Set(duplicates);
  // A zip is stored in one transaction at its end: it fits whole or not at all, so it is checked first.
  const wanted = plan.entries.filter((_, i) => !skip.has(String(i)));
  const space = await SpaceBudget.measure();
  if (!space.take(wanted.reduce((sum, e) => sum + e.size, 0))) throw new Error(MEDIA_TEXTS.outOfSpace(wanted.length, plan.entries.length));
  const pool = mediaPool();
  const abort = new AbortController();
  const stop = () => abort.abort(signal?.reason);
  signal?.addEventListener("abort", stop, { once: true });
  const ready: NewImage[] = [];
  const readyIds: string[] = [];
  const notes = new Set<string>();
  const times = uploadTimes(plan.entries.map((e) => e.path), db.serverNow());
  let archiveError: Error | null = null;
  await Promise.all(
    plan.entries.map(async (entry, i) => {
      const id = String(i);
      if (skip.has(id)) return;
      try {
        const refused = refusal(entry.name, entry.size);
        if (refused) throw new Error(refused);
        const extract = () =>
          pool.run(
            (api) => {
              update(id, { status: "uploading", progress: 20 });
              return api.extractEntry(zip, entry);
            },
            abort.signal,
          );
        const set = run.setOfPath?.(entry.path) || run.set;
        let made: MadeClip;
        if (isClipName(entry.name)) {
          // Clips go one at a time, extracted only when their turn comes (a zip of films is not held whole).
          const fields = { client: clientId, name: entry.name, uploadedAt: times[i]!, set };
          const onStep = (progress: number, step: string) => update(id, { status: "uploading", progress, step });
          made = await clipTurn(async () => {
            if (abort.signal.aborted) throw abort.signal.reason;
            return makeClip(await extract(), fields, { tools, options, signal: abort.signal, crc32: (entry.crc32 >>> 0).toString(16).padStart(8, "0"), onStep });
          });
        } else {
          const original = await extract();
          update(id, { progress: 50 });
          const processed = await pool.run((api) => api.processImage(original, options), abort.signal);
          made = { image: newImage(clientId, entry.name, original, processed, times[i]!, options.signature, set) };
        }
        ready.push(made.image);
        readyIds.push(id);
        update(id, { status: "success", progress: 100, step: undefined, ...(made.note ? { note: made.note } : {}) });
      } catch (err) {
        if (err instanceof Error && err.name === "ZipError" && !archiveError) {
          archiveError = err;
          abort.abort(err);
        }
        update(id, { ...(archiveError ? { status: "error", progress: 0, error: errorMessage(err, String(err)) } : failure(err, signal)), step: undefined });
      }
    }),
  );
  signal?.removeEventListener("abort", stop);
  if (archiveError) throw archiveError;
  if (ready.length) {
    try {
      await addImages(db, ready, journalId ? { importId: journalId, keys: readyIds } : undefined);
    } catch (err) {
      if (err instanceof StoreError && err.kind === "quota") throw new Error(MEDIA_TEXTS.outOfSpace(wanted.length, plan.entries.length), { cause: err });
      throw err;
    }
  }
  return { stored: ready.length, duplicates, noSpace: [], notes: [...notes] };
}
