/**
 * Imports photos, clips and zip archives into a client's gallery on this device: every photo goes through
 * the media workers (type by bytes, pixel limit, orientation, thumbnail, preview, watermark, checksum), every
 * clip through makeClip.ts (one at a time: poster, sizes, web version), and each lands in the store through
 * the images repository; sync uploads it when online. A clip over the studio's clip limit, a photo over its
 * original limit, is refused before any work.
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
import { contentKey } from "../domain/imports";
import { db } from "../store/db";
import { StoreError } from "../store/errors";
import { addImages } from "../store/repositories/images";
import { markImported } from "../store/repositories/imports";
import { mediaPool } from "../workers-client/media";
import { isClipName } from "./clipFiles";
import { duplicateCheck, failure, newImage, oneAtATime, studioLimits, uploadTimes, type ImportOptions, type ImportOutcome, type ItemUpdate } from "./importItems";
import { SpaceBudget } from "./importSpace";
import { processOptions } from "./processOptions";
import { makeClip, type MadeClip } from "./makeClip";
import { MEDIA_TEXTS } from "./texts";
import { deviceVideoTools, type VideoTools } from "./videoTools";

/** Checks, processes and stores each photo and clip; says how many were stored and which were duplicates. */
export async function importPhotos(
  clientId: string,
  files: { id: string; file: File; size?: number }[],
  update: ItemUpdate,
  run: ImportOptions,
  tools: VideoTools = deviceVideoTools,
): Promise<ImportOutcome> {
  const { signal, journalId } = run;
  const options = await processOptions(clientId);
  const refusal = await studioLimits();
  const check = await duplicateCheck(clientId, run);
  const pool = mediaPool();
  const clipTurn = oneAtATime();
  const notes = new Set<string>();
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
        const refused = refusal(file.name, size);
        if (refused) throw new Error(refused);
        let crc32: string | undefined;
        if (check) {
          crc32 = await pool.run(
            (api) => {
              update(id, { status: "uploading", progress: 10 });
              return api.fileCrc32(file);
            },
            signal,
          );
          await turn;
          const isNew = check.claim(contentKey(crc32, size));
          claimed();
          if (!isNew) {
            duplicates.push(id);
            if (journalId) await markImported(db, journalId, [id]);
            return update(id, { status: "duplicate", progress: 100 });
          }
        }
        if (!space.take(size)) {
          noSpace.push(id);
          return update(id, { status: "error", progress: 0, error: MEDIA_TEXTS.notImportedNoSpace });
        }
        let made: MadeClip;
        if (isClipName(file.name)) {
          const fields = { client: clientId, name: file.name, uploadedAt: times[index]!, set: run.set };
          const onStep = (progress: number, step: string) => update(id, { status: "uploading", progress, step });
          made = await clipTurn(() => {
            if (signal?.aborted) throw signal.reason;
            return makeClip(file, fields, { tools, options, signal, crc32, onStep });
          });
        } else {
          const processed = await pool.run(
            (api) => {
              update(id, { status: "uploading", progress: 30 });
              return api.processImage(file, options);
            },
            signal,
          );
          made = { image: newImage(clientId, file.name, file, processed, times[index]!, options.signature, run.set) };
        }
        update(id, { progress: 80, step: undefined });
        await addImages(db, [made.image], journalId ? { importId: journalId, keys: [id] } : undefined);
        stored++;
        update(id, { status: "success", progress: 100, ...(made.note ? { note: made.note } : {}) });
        if (made.note) notes.add(made.note);
      } catch (err) {
        if (err instanceof StoreError && err.kind === "quota") {
          space.exhaust(); // the file's transaction rolled back whole: nothing of it was written
          noSpace.push(id);
          return update(id, { status: "error", progress: 0, step: undefined, error: MEDIA_TEXTS.notImportedNoSpace });
        }
        update(id, { ...failure(err, signal), step: undefined });
      } finally {
        claimed(); // no-op once claimed; lets the next file claim when this one failed first
      }
    }),
  );
  return { stored, duplicates, noSpace, notes: [...notes] };
}
