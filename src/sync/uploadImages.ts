/**
 * Push of image and clip files: the runner of the upload planner (uploadPlanner.ts decides what goes next;
 * this performs it and tells the planner how each step ended). The steps: a photo whole in one request on
 * a fast link (uploadWhole.ts); otherwise records with thumbnail and preview (a clip's poster) batched,
 * then medium and large batched (uploadSteps.ts), then a clip's web version, then each original
 * (uploadFile.ts, uploadOriginal.ts), files over PARTS_THRESHOLD in parts (uploadParts.ts). Two requests
 * are in flight at a time (uploadLanes.ts). The link is measured as the uploads run (uploadLink.ts).
 * A file confirmed by the server leaves the device (thumbnail and preview stay for offline viewing); a
 * failed upload leaves its entry in the outbox and goes again next time. With object storage on the server,
 * the same steps send every file straight to the bucket (uploadDirectSteps.ts). Why each rule: docs/SYNC.md.
 */
import type { default as PocketBase } from "pocketbase";
import type { StudioDb } from "../store/db";
import type { ImageBlobRow, OutboxEntry } from "../store/rows";
import { discardEntry } from "../store/outbox";
import { isFileEntry, unsentCreates, waitsForParent } from "./pushOutbox";
import { recordExists } from "./serverLookup";
import type { UploadProgress } from "./transport";
import { bytesOf } from "./uploadBatch";
import { createWake, runInLanes, UPLOAD_LANES, type UploadJob } from "./uploadLanes";
import { loadLinkMeter, type LinkMeter, type LinkSpeed } from "./uploadLink";
import { entryName, LATER_SIZES } from "./uploadOriginal";
import { confirmationBatches } from "./confirmations";
import { sendWhole } from "./uploadWhole";
import { firstFiles, readUploadPlan, stageOf, type UploadPlan } from "./uploadPlan";
import * as planner from "./uploadPlanner";
import { FIRST_SIZES, sendRecords, sendSizes, sizesOf, type Device, type Item } from "./uploadSteps";
import { uploadFile, type PartsSender } from "./uploadFile";
import { directUploads } from "./uploadDirect";
import { fileDirect, firstSizesDirect, laterSizesDirect, wholeDirect, type DirectRun } from "./uploadDirectSteps";
import type { Transfer, UploadProgressStore } from "./uploadProgress";

export interface UploadReport {
  imageId: string;
  name: string;
  /** What is sent: a photo or a clip (the status counts them apart). */
  kind: "photo" | "clip";
  stage: "record" | "original";
  progress: UploadProgress;
}

/**
 * Clients whose create is still waiting here (parked or unsent) and that the server does not have: their
 * photos wait. A create the server has (its answer was lost, and confirming it failed) does not hold them.
 */
async function parentsNotOnServer(pb: PocketBase, outbox: OutboxEntry[]): Promise<Set<string>> {
  const unsent = unsentCreates(outbox);
  const parents = new Set(outbox.filter((e) => isFileEntry(e) && waitsForParent(e, unsent)).map((e) => String(e.fields.client)));
  for (const id of parents) if (await recordExists(pb, "clients", id)) unsent.delete(`clients:${id}`);
  return unsent;
}

const kindOf = (entry: OutboxEntry): Item["kind"] => (entry.fields.kind === "video" ? "clip" : "photo");

/** What the planner needs to know of an item: sizes in bytes (the Blobs are references; nothing is read). */
function planItem(entry: OutboxEntry, blobs: ImageBlobRow | undefined): Item {
  return {
    ref: { entry, blobs },
    kind: kindOf(entry),
    firstBytes: bytesOf(sizesOf(blobs, FIRST_SIZES)),
    laterBytes: bytesOf(sizesOf(blobs, LATER_SIZES)),
    webVideoBytes: blobs?.webVideo?.size ?? 0,
    originalBytes: blobs?.original?.size ?? 0,
  };
}

/** Uploads every pending image; `onProgress` hears about each request's bytes. Returns the number of requests. */
export interface UploadOptions {
  lanes?: number;
  /** The link's speed, fixed (tests); measured otherwise (uploadLink.ts). */
  link?: LinkSpeed;
  /** No request starts after this time (performance.now()); those in flight end. */
  until?: number;
  /** Read ahead (while the sync measured the clock); read here otherwise. */
  plan?: Promise<UploadPlan>;
  /** The link's meter the sync already loaded; loaded here otherwise. */
  meter?: LinkMeter;
  /** Sends a file in parts (tests inject one); uploadParts.ts otherwise. */
  sendParts?: PartsSender;
  /** Hears the bytes queued and sent (the upload bar, uploadProgress.ts); decides nothing. */
  progress?: UploadProgressStore;
  /** Files straight to object storage (uploadDirect.ts); asked of the server otherwise. */
  direct?: boolean;
}

/** What an item still has to send at its stage (thumbnail and preview stay on the device after the record). */
const bytesLeft = (item: Item, stage: "record" | "original") => (stage === "record" ? item.firstBytes : 0) + item.laterBytes + item.webVideoBytes + item.originalBytes;

/** A job told to the progress store: a transfer of `carried` bytes; `job` answers which of them went (all or some). */
function tracked(store: UploadProgressStore | undefined, carried: Array<{ item: Item; bytes: number }>, job: (t: Transfer | undefined) => Promise<boolean | Set<Item>>): UploadJob {
  return async () => {
    const t = store?.transfer(carried.map(({ item, bytes }) => ({ imageId: item.ref.entry.recordId, bytes })));
    let went: boolean | Set<Item> = false;
    try {
      went = await job(t);
    } finally {
      if (typeof went === "boolean") t?.end(went);
      else t?.end(new Set([...went].map((i) => i.ref.entry.recordId)));
    }
  };
}

export async function uploadImages(db: StudioDb, pb: PocketBase, onProgress?: (r: UploadReport) => void, signal?: AbortSignal, options: UploadOptions = {}): Promise<number> {
  const meter = options.meter ?? (await loadLinkMeter(db, { fixed: options.link }));
  const lanes = options.lanes ?? UPLOAD_LANES;
  const plan = await (options.plan ?? readUploadPlan(db, firstFiles(meter.speed(), lanes)));
  const unsent = await parentsNotOnServer(pb, plan.inOrder);
  const report = (stage: UploadReport["stage"], t?: Transfer) => (entry: OutboxEntry, progress: UploadProgress) => {
    if (progress.total > 0) t?.progress(progress.loaded / progress.total);
    onProgress?.({ imageId: entry.recordId, name: entryName(entry) || entry.recordId, kind: kindOf(entry), stage, progress });
  };

  const device: Device = { isFull: false };
  // With object storage, every file goes straight to the bucket (docs/SYNC.md, "Direct uploads").
  const direct = plan.waiting.length > 0 && (options.direct ?? (await directUploads(pb, signal)));
  const run: DirectRun = { db, pb, device, signal, meter };
  let state = planner.emptyPlan<Item["ref"]>();
  const wake = createWake();
  /** A step's outcome changes the plan; the lanes look for work again. */
  const apply = (change: (s: typeof state) => typeof state) => {
    state = change(state);
    wake();
  };
  /**
   * Queues waiting images as their files arrive, in the plan's order. A photo whose client has not reached
   * the server (its create is parked or unsent) waits with it.
   */
  const enqueue = async (entries: OutboxEntry[], rows: Array<ImageBlobRow | undefined>) => {
    const items = { record: [] as Item[], original: [] as Item[] };
    for (const [i, entry] of entries.entries()) {
      if (waitsForParent(entry, unsent)) continue;
      const blobs = rows[i];
      const stage = stageOf(entry);
      if (stage === "record" && (!blobs?.thumbnail || !blobs.preview)) await discardEntry(db, entry); // deleted on this device before it was uploaded
      else items[stage].push(planItem(entry, blobs));
    }
    state = planner.enqueue(planner.enqueue(state, items.record, "record"), items.original, "original");
    const clientOf = (item: Item) => String(item.ref.entry.fields.client ?? "");
    const queued = (stage: "record" | "original") => items[stage].map((item) => ({ imageId: item.ref.entry.recordId, clientId: clientOf(item), bytes: bytesLeft(item, stage) }));
    options.progress?.queue([...queued("record"), ...queued("original")]);
  };
  await enqueue(plan.waiting.slice(0, plan.first.length), plan.first);
  const more = plan.first.length < plan.waiting.length ? () => plan.rest().then((rows) => enqueue(plan.waiting.slice(plan.first.length), rows)) : undefined;

  const confirmations = confirmationBatches(db, device);
  const take = (): UploadJob | null => {
    const decided = planner.decide(state, { speed: meter.speed(), isFull: device.isFull, now: performance.now(), until: options.until });
    state = decided.state;
    const step = decided.step;
    if (!step) return null;
    if (step.kind === "whole") {
      const { entry, blobs } = step.item.ref;
      return tracked(options.progress, [{ item: step.item, bytes: bytesLeft(step.item, "record") }], async (t) => {
        const onWhole = (p: UploadProgress) => report("original", t)(entry, p);
        const sent = direct ? await wholeDirect(run, step.item, (_, p) => onWhole(p)) : await sendWhole(pb, entry, blobs!, onWhole, signal, meter);
        if (sent === "refused") {
          apply((s) => planner.wholeRefused(s, step.item)); // refused whole: step by step
          return false;
        }
        // The lane goes on to the next image while the device writes the confirmation (pipelined).
        void confirmations.add(entry, sent.record, sent.withJpeg).catch(() => undefined); // thrown when the lanes end (flush)
        return true;
      });
    }
    if (step.kind === "records") {
      // Nothing else shares the link while a batch of records sends its body (the planner waits for it).
      let sending = true;
      const sent = () => {
        if (!sending) return;
        sending = false;
        apply(planner.bodySent);
      };
      return tracked(
        options.progress,
        step.items.map((item) => ({ item, bytes: item.firstBytes })),
        (t) => {
          const progress = report("record", t);
          const onProgress = (entry: OutboxEntry, p: UploadProgress) => {
            progress(entry, p);
            if (p.total > 0 && p.loaded >= p.total) sent();
          };
          return sendRecords(db, pb, device, step.items, (again) => apply((s) => planner.recordsAgain(s, again)), onProgress, signal, meter, !direct)
            .then(async (confirmed) => {
              if (direct) await firstSizesDirect(run, confirmed, progress);
              apply((s) => planner.recordsConfirmed(s, confirmed));
              return new Set(confirmed);
            })
            .finally(sent);
        },
      );
    }
    if (step.kind === "sizes")
      return tracked(
        options.progress,
        step.items.map((item) => ({ item, bytes: item.laterBytes })),
        (t) => (direct ? laterSizesDirect(run, step.items, report("record", t)) : sendSizes(db, pb, device, step.items, report("record", t), signal, meter)).then(() => (apply((s) => planner.sizesDone(s, step.items)), true)),
      );
    const { entry } = step.item.ref;
    const bytes = step.field === "webVideo" ? step.item.webVideoBytes : step.item.originalBytes;
    return tracked(options.progress, [{ item: step.item, bytes }], async (t) => {
      const onFile = (p: UploadProgress) => report("original", t)(entry, p);
      const goesOn = direct ? await fileDirect(run, entry, step.field, (_, p) => onFile(p)) : await uploadFile(db, pb, device, entry, { field: step.field, inParts: step.inParts, sendParts: options.sendParts }, onFile, signal, meter);
      if (goesOn && step.field === "webVideo") apply((s) => planner.webVideoDone(s, step.item));
      return goesOn;
    });
  };
  const ran = await runInLanes(take, lanes, signal, wake, more).then(
    (count) => ({ count }),
    (error: unknown) => ({ error }),
  );
  const unconfirmed = await confirmations.flush(); // what waits is written now, not at the end of its window
  await meter.save();
  if ("error" in ran) throw ran.error;
  if (unconfirmed) throw unconfirmed; // the server has it: the next sync confirms it from the server's record
  return ran.count;
}
