/**
 * 429 and 503 are "later": the push throws a TransientError (the scheduler backs off, at least Retry-After)
 * and parks nothing; the next run sends the same changes. Retry-After is read as seconds or an HTTP date.
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../store/test-db";
import { ClientResponseError, type default as PocketBase } from "pocketbase";
import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../store/rows";
import { pushOutbox } from "./pushOutbox";
import { parseRetryAfter, retryAfterOf, TransientError } from "./transient";

function deleteEntry(i: number): OutboxEntry {
  return { collection: "images", recordId: `img${String(i).padStart(12, "0")}`, op: "delete", fields: {}, fieldTimes: {}, createdAt: i, attempts: 0 };
}

/** A server that answers the given failures first, then accepts every batch. */
function server(failures: Array<ClientResponseError>) {
  const sent: number[] = [];
  const pb = {
    send: async (_path: string, opts: { body: { requests: unknown[] } }) => {
      const failure = failures.shift();
      if (failure) throw failure;
      sent.push(opts.body.requests.length);
      return opts.body.requests.map(() => ({ status: 204, body: null }));
    },
  };
  return { pb: pb as unknown as PocketBase, sent };
}

const subRequest429 = new ClientResponseError({
  status: 400,
  response: { status: 400, message: "Batch transaction failed.", data: { requests: { "3": { code: "batch_request_failed", response: { status: 429, message: "Too Many Requests.", data: {} } } } } },
});
const busy503 = new ClientResponseError({ status: 503, response: { status: 503, message: "Service Unavailable", data: {} } });

describe("transient answers while pushing", () => {
  it("parks nothing on a sub-request's 429 or a 503 and pushes everything on the next run", async () => {
    const db = testDb();
    await db.outbox.bulkAdd(Array.from({ length: 10 }, (_, i) => deleteEntry(i)));
    const { pb, sent } = server([subRequest429, busy503]);

    await expect(pushOutbox(db, pb, 4)).rejects.toBeInstanceOf(TransientError);
    await expect(pushOutbox(db, pb, 4)).rejects.toMatchObject({ status: 503 });
    const waiting = await db.outbox.toArray();
    expect(waiting).toHaveLength(10);
    expect(waiting.filter((e) => e.error)).toEqual([]);

    expect(await pushOutbox(db, pb, 4)).toBe(10);
    expect(sent).toEqual([4, 4, 2]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe("Retry-After", () => {
  it("reads delta-seconds and HTTP dates, and the scheduler's floor comes from the error", () => {
    expect(parseRetryAfter("60")).toBe(60_000);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:30 GMT", Date.parse("Wed, 21 Oct 2026 07:28:00 GMT"))).toBe(30_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(retryAfterOf(new TransientError(429, 5000))).toBe(5000);
    expect(retryAfterOf(new Error("x"))).toBeUndefined();
  });
});
