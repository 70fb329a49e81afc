/**
 * What an upload (uploadImages.ts) starts from, read from the device only (no writes, no requests): the
 * outbox in order, and the files of its waiting images (record stage first, then original stage), `first`
 * of them in a read of their own and the rest in a second: each Blob read out of IndexedDB costs the
 * browser a few hundred microseconds, tens of milliseconds for a dozen photos, and on a fast link the
 * first photos need not wait for the others' (issue 28). Blobs are references: no bytes are read here.
 */
import type { StudioDb } from "../store/db";
import { outboxInOrder } from "../store/outbox";
import type { ImageBlobRow, OutboxEntry } from "../store/rows";
import { isFileEntry } from "./pushOutbox";
import { UPLOAD_LANES } from "./uploadLanes";
import type { LinkSpeed } from "./uploadLink";

export interface UploadPlan {
  /** Every outbox entry, in order. */
  inOrder: OutboxEntry[];
  /** The images waiting for upload: record stage first, then original stage. */
  waiting: OutboxEntry[];
  first: Array<ImageBlobRow | undefined>;
  /** Reads the others' files (once the first photos are on their way). */
  rest: () => Promise<Array<ImageBlobRow | undefined>>;
}

const waitingFile = (e: OutboxEntry) => isFileEntry(e) && !e.error;
export const stageOf = (e: OutboxEntry) => e.stage ?? "record";

/**
 * How many photos' files the first read takes: on a fast link one per lane (they go at once, whole);
 * otherwise all (the first batch of records takes a screenful).
 */
export function firstFiles(speed: LinkSpeed, lanes = UPLOAD_LANES): number {
  return speed === "fast" ? lanes : Infinity;
}

export async function readUploadPlan(db: StudioDb, first = Infinity): Promise<UploadPlan> {
  const inOrder = await outboxInOrder(db);
  const waiting = [...inOrder.filter((e) => waitingFile(e) && stageOf(e) === "record"), ...inOrder.filter((e) => waitingFile(e) && stageOf(e) === "original")];
  const ids = waiting.map((e) => e.recordId);
  return { inOrder, waiting, first: await db.imageBlobs.bulkGet(ids.slice(0, first)), rest: () => db.imageBlobs.bulkGet(ids.slice(first)) };
}
