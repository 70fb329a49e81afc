/** Retrying parked changes clears their refusal and leaves the waiting ones as they were. */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "./test-db";
import { describe, expect, it } from "vitest";
import { retryParked } from "./retryParked";

describe("retryParked", () => {
  it("puts refused entries back in the queue", async () => {
    const db = testDb();
    const base = { collection: "images" as const, op: "delete" as const, fields: {}, fieldTimes: {}, createdAt: 1, attempts: 1 };
    await db.outbox.bulkAdd([
      { ...base, recordId: "a", error: "Too Many Requests." },
      { ...base, recordId: "b" },
    ]);
    expect(await retryParked(db)).toBe(1);
    expect((await db.outbox.toArray()).map((e) => e.error)).toEqual([undefined, undefined]);
  });
});
