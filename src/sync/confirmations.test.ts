/** Confirmations of whole photos written together (confirmations.ts); the write itself is uploadOriginal's confirmWhole. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StudioDb } from "../store/db";
import type { OutboxEntry } from "../store/rows";
import type { ServerRecord } from "./records";
import type { WholeConfirmation } from "./uploadOriginal";

const written: string[][] = [];
let failNext = false;
vi.mock("./uploadOriginal", () => ({
  confirmWhole: async (_db: unknown, _queues: unknown, photos: WholeConfirmation[]) => {
    await Promise.resolve();
    if (failNext) {
      failNext = false;
      throw new Error("disk error");
    }
    written.push(photos.map((p) => p.entry.recordId));
  },
}));
const { confirmationBatches, WINDOW_MS } = await import("./confirmations");

const db = {} as StudioDb;
const entry = (id: string) => ({ recordId: id }) as OutboxEntry;
const record = (id: string) => ({ id }) as ServerRecord;

describe("confirmation batches", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    written.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("writes the confirmations of one window in one transaction", async () => {
    const batches = confirmationBatches(db, { isFull: false });
    const done = ["a", "b", "c"].map((id) => batches.add(entry(id), record(id), false));
    await vi.advanceTimersByTimeAsync(WINDOW_MS - 1);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(done);
    expect(written).toEqual([["a", "b", "c"]]);
  });

  it("writes what waits at once on flush, and the next window on its own", async () => {
    const batches = confirmationBatches(db, { isFull: false });
    const first = batches.add(entry("a"), record("a"), false);
    await batches.flush();
    await first;
    expect(written).toEqual([["a"]]);
    const second = batches.add(entry("b"), record("b"), false);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    await second;
    expect(written).toEqual([["a"], ["b"]]);
  });

  it("rejects every confirmation of a failed write, and writes the next window", async () => {
    const batches = confirmationBatches(db, { isFull: false });
    failNext = true;
    const failed = [batches.add(entry("a"), record("a"), false), batches.add(entry("b"), record("b"), false)];
    const settled = Promise.allSettled(failed);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect((await settled).map((s) => s.status)).toEqual(["rejected", "rejected"]);
    const next = batches.add(entry("c"), record("c"), false);
    await batches.flush();
    await next;
    expect(written).toEqual([["c"]]);
  });
});
