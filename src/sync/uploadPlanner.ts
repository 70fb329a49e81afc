/**
 * The upload's decisions, and nothing else (issue 38): given what waits, what is in flight, the link's
 * measured speed, whether the device is full and the clock, what goes next. No request, no timer, no
 * IndexedDB: the runner (uploadImages.ts) performs each step and tells the planner how it ended, and the
 * planner answers with a new state (every function here is pure: it returns a state, never changes one).
 *
 * The rules (why each exists: docs/SYNC.md, "Files"):
 * - Records go before sizes, sizes before web versions, web versions before originals: a gallery is
 *   viewable once thumbnails and previews (a clip's poster) are there, playable once the web versions are.
 * - On a fast link a photo goes whole (one request: record, sizes, original); a clip never does (its poster
 *   goes with the records first, then its web version, then its original), nor does a photo whose original
 *   goes in parts.
 * - On a link not measured yet, one batch of records at a time until its body is sent (it measures the link).
 * - Nothing but records shares the link with a batch of records still sending its body.
 * - An item's sizes start once its record is confirmed, its web version once its sizes are done, its
 *   original once its web version is done: no file is ever sent twice at once.
 * - On a fast link or a full device, medium and large go with the item's first file (one request and one
 *   server write instead of two), unless that file goes in parts: then they keep their own batch.
 * - A file larger than PARTS_THRESHOLD goes in parts that resume (uploadParts.ts).
 */
import type { LinkSpeed } from "./uploadLink";
import { PARTS_THRESHOLD } from "./uploadParts";

/** Limits of one batch request: items and file bytes. */
export interface BatchLimits {
  count: number;
  bytes: number;
}

/**
 * The first batch of records carries a screenful (what the owner sees first); later ones carry up to 25
 * records and 2 MB (1.7 s at 10 Mbit/s): with two requests in flight, the server saves one batch (one
 * transaction, about as long as sending it on a loaded 2-core server) while the link carries the next.
 */
export const FIRST_RECORD_BATCH: BatchLimits = { count: 8, bytes: 2 * 1024 * 1024 };
export const RECORD_BATCH: BatchLimits = { count: 25, bytes: 2 * 1024 * 1024 };

/** One media item waiting, as the planner sees it: sizes in bytes, and the runner's own reference. */
export interface PlanItem<T> {
  ref: T;
  kind: "photo" | "clip";
  /** Thumbnail and preview, sent with the record. */
  firstBytes: number;
  /** Medium and large still on the device (0: none). */
  laterBytes: number;
  /** A clip's web version still on the device (0: none, or sent). */
  webVideoBytes: number;
  /** The original on the device (0: none). */
  originalBytes: number;
  /** The server refused it whole: it goes step by step. */
  notWhole?: boolean;
}

export interface PlanState<T> {
  records: Array<PlanItem<T>>;
  sizes: Array<PlanItem<T>>;
  webVideos: Array<PlanItem<T>>;
  originals: Array<PlanItem<T>>;
  /** Batches of records handed out so far (the first one is small), and how many still send their body. */
  recordBatches: number;
  recordsSending: number;
}

/** What the planner knows of the world at the moment it decides. */
export interface PlanInput {
  speed: LinkSpeed;
  /** The device ran out of space during this sync. */
  isFull: boolean;
  now: number;
  /** No step starts at or after this time. */
  until?: number;
}

export type FileField = "webVideo" | "original";

export type Step<T> =
  | { kind: "whole"; item: PlanItem<T> }
  | { kind: "records"; items: Array<PlanItem<T>>; isFirst: boolean }
  | { kind: "sizes"; items: Array<PlanItem<T>> }
  | { kind: "file"; item: PlanItem<T>; field: FileField; inParts: boolean };

export function emptyPlan<T>(): PlanState<T> {
  return { records: [], sizes: [], webVideos: [], originals: [], recordBatches: 0, recordsSending: 0 };
}

export const inParts = (bytes: number) => bytes > PARTS_THRESHOLD;

/** A photo with its original, small enough for one request, that the server did not refuse whole. */
export const goesWhole = (item: PlanItem<unknown>) => item.kind === "photo" && item.originalBytes > 0 && !inParts(item.originalBytes) && !item.notWhole;

/** The item's first file after its sizes (its web version, else its original), and whether it goes in parts. */
function firstFileInParts(item: PlanItem<unknown>): boolean {
  return inParts(item.webVideoBytes || item.originalBytes);
}

/** Takes whole items from the front up to the limits (at least one), while `fits` holds. */
function takeBatch<T>(queue: Array<PlanItem<T>>, limits: BatchLimits, bytesOf: (item: PlanItem<T>) => number, fits: (item: PlanItem<T>) => boolean = () => true) {
  let bytes = 0;
  let n = 0;
  while (n < queue.length && n < limits.count && (n === 0 || fits(queue[n]!))) {
    const size = bytesOf(queue[n]!);
    if (n > 0 && bytes + size > limits.bytes) break;
    bytes += size;
    n++;
  }
  return { items: queue.slice(0, n), rest: queue.slice(n) };
}

/** After its sizes: the web version next when it has one to send, else the original. */
function toFiles<T>(state: PlanState<T>, items: Array<PlanItem<T>>): PlanState<T> {
  const withWeb = items.filter((i) => i.webVideoBytes > 0);
  const without = items.filter((i) => i.webVideoBytes === 0);
  return { ...state, webVideos: [...state.webVideos, ...withWeb], originals: [...state.originals, ...without] };
}

/** After its record: its medium and large next when it has them, else its files. */
function afterRecord<T>(state: PlanState<T>, items: Array<PlanItem<T>>): PlanState<T> {
  const withSizes = items.filter((i) => i.laterBytes > 0);
  return toFiles({ ...state, sizes: [...state.sizes, ...withSizes] }, items.filter((i) => i.laterBytes === 0));
}

/** Adds items read from the device: those still at the record stage, or those whose record the server has. */
export function enqueue<T>(state: PlanState<T>, items: Array<PlanItem<T>>, stage: "record" | "original"): PlanState<T> {
  return stage === "record" ? { ...state, records: [...state.records, ...items] } : afterRecord(state, items);
}

/** What goes next; `step` null: nothing now (the runner asks again when a step ends or a body is sent). */
export function decide<T>(state: PlanState<T>, input: PlanInput): { state: PlanState<T>; step: Step<T> | null } {
  const none = { state, step: null };
  if (input.until !== undefined && input.now >= input.until) return none;
  const fast = input.speed === "fast";
  const [head] = state.records;
  if (fast && head && goesWhole(head)) return { state: { ...state, records: state.records.slice(1) }, step: { kind: "whole", item: head } };
  // On a link not measured yet, one batch of records at a time until its body is sent (the link carries
  // one body at a time either way): that batch measures the link, and on a fast one the rest go whole.
  if (head && state.recordsSending && input.speed === "unknown") return none;
  if (head) {
    const isFirst = state.recordBatches === 0;
    // On a fast link a batch stops at the next photo that goes whole (a clip's poster does not hold it back).
    const { items, rest } = takeBatch(state.records, isFirst ? FIRST_RECORD_BATCH : RECORD_BATCH, (i) => i.firstBytes, (i) => !fast || !goesWhole(i));
    return { state: { ...state, records: rest, recordBatches: state.recordBatches + 1, recordsSending: state.recordsSending + 1 }, step: { kind: "records", items, isFirst } };
  }
  if (state.recordsSending) return none; // asked again once its body is sent
  let next = state;
  // On a full device medium and large go with the item's first file, and on a fast link too (one request and
  // one server write instead of two; a cut file sends them again, which a fast link does in a moment). On
  // a slow one they go on their own: confirmed, a cut original never sends them again. A file in parts
  // takes no sizes with it: theirs stays a batch of its own.
  if (next.sizes.length && (input.isFull || fast)) {
    const folded = next.sizes.filter((i) => !firstFileInParts(i));
    if (folded.length) next = toFiles({ ...next, sizes: next.sizes.filter(firstFileInParts) }, folded);
  }
  if (next.sizes.length) {
    const { items, rest } = takeBatch(next.sizes, RECORD_BATCH, (i) => i.laterBytes);
    return { state: { ...next, sizes: rest }, step: { kind: "sizes", items } };
  }
  const [web] = next.webVideos;
  if (web) return { state: { ...next, webVideos: next.webVideos.slice(1) }, step: { kind: "file", item: web, field: "webVideo", inParts: inParts(web.webVideoBytes) } };
  const [original] = next.originals;
  if (original) return { state: { ...next, originals: next.originals.slice(1) }, step: { kind: "file", item: original, field: "original", inParts: inParts(original.originalBytes) } };
  return { state: next, step: null };
}

/** A batch of records has sent its body (the server saves it): the other lane may go on. Once per batch. */
export const bodySent = <T>(state: PlanState<T>): PlanState<T> => ({ ...state, recordsSending: Math.max(0, state.recordsSending - 1) });

/** The server has these records (confirmed, or found there after a refusal): their sizes or files next. */
export const recordsConfirmed = <T>(state: PlanState<T>, items: Array<PlanItem<T>>): PlanState<T> => afterRecord(state, items);

/** A batch failed for one of its items: the others go again, first. */
export const recordsAgain = <T>(state: PlanState<T>, items: Array<PlanItem<T>>): PlanState<T> => ({ ...state, records: [...items, ...state.records] });

/** Refused whole: the photo goes step by step, first. */
export const wholeRefused = <T>(state: PlanState<T>, item: PlanItem<T>): PlanState<T> => ({ ...state, records: [{ ...item, notWhole: true }, ...state.records] });

/** Their sizes are done (sent, or refused: then they go with the item's next single-request file). */
export const sizesDone = <T>(state: PlanState<T>, items: Array<PlanItem<T>>): PlanState<T> => toFiles(state, items);

/** A web version is on the server: its original next. */
export const webVideoDone = <T>(state: PlanState<T>, item: PlanItem<T>): PlanState<T> => ({ ...state, originals: [...state.originals, { ...item, webVideoBytes: 0 }] });
