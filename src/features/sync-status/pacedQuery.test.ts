/**
 * The shared, paced query of the status hooks (issue 28): one run for every reader; while busy (a sync),
 * at most one run per pace however many writes come, and the last write's figures at once when the busy
 * time ends; while not busy, each write's figures at once (fake-indexeddb).
 */
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { StudioDb } from "../../store/db";
import { pacedQuery, type Busy } from "./pacedQuery";

// Fresh device databases on fake-indexeddb (store/test-db.ts is outside the app's tsconfig).
const opened: StudioDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});
const testDb = (name: string) => {
  const db = new StudioDb(`${name}-test`);
  opened.push(db);
  return db;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function busyFlag(initial: boolean): Busy & { set: (value: boolean) => void } {
  let busy = initial;
  const listeners = new Set<() => void>();
  return {
    isBusy: () => busy,
    subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
    set: (value) => {
      busy = value;
      for (const l of listeners) l();
    },
  };
}

async function until(check: () => boolean, ms = 1000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(5);
  }
}

/** Opening a database tells its live queries that everything changed: opened first, the runs are the test's own. */
function countingQuery(db: StudioDb) {
  const counter = { runs: 0 };
  const query = async () => {
    counter.runs++;
    return db.outbox.count();
  };
  return { counter, query };
}

const entry = (i: number) => ({ collection: "images" as const, recordId: `r${i}`, op: "create" as const, fields: {}, fieldTimes: {}, createdAt: i, attempts: 0 });

describe("paced query", () => {
  it("runs once for all its readers and again at once after each write while not busy", async () => {
    const db = testDb("paced-idle");
    await db.open();
    const { counter, query } = countingQuery(db);
    const store = pacedQuery(db, ["outbox"], query, busyFlag(false), [], 10_000);
    const stops = [store.subscribe(() => undefined), store.subscribe(() => undefined), store.subscribe(() => undefined)];
    await until(() => store.get() === 0);
    expect(counter.runs).toBe(1);
    await db.outbox.add(entry(1));
    await until(() => store.get() === 1); // not held for the pace: nothing is busy
    await db.outbox.add(entry(2));
    await until(() => store.get() === 2);
    expect(counter.runs).toBe(3);
    await db.conflicts.add({ collection: "images", recordId: "x", field: "f", local: 1, remote: 2, winner: "device", resolved: 0, createdAt: 1 } as never);
    await sleep(50);
    expect(counter.runs).toBe(3); // a table it does not read
    stops.forEach((stop) => stop());
  });

  it("runs at most once a pace while busy, and with the last write's figures as soon as the busy time ends", async () => {
    const db = testDb("paced-busy");
    await db.open();
    const { counter, query } = countingQuery(db);
    const busy = busyFlag(true);
    const store = pacedQuery(db, ["outbox"], query, busy, [], 400);
    const seen: Array<number | undefined> = [];
    const stop = store.subscribe(() => seen.push(store.get()));
    await until(() => store.get() === 0); // the first run does not wait
    for (let i = 1; i <= 8; i++) {
      await db.outbox.add(entry(i));
      await sleep(20);
    }
    expect(counter.runs).toBeLessThanOrEqual(2); // 8 writes in about 200 ms, within one pace of the first run
    busy.set(false);
    await until(() => store.get() === 8, 200); // not another pace later
    expect(counter.runs).toBeLessThanOrEqual(3);
    expect(seen.at(-1)).toBe(8);
    stop();
  });

  it("runs at once while busy after a change to a table it must show at once", async () => {
    const db = testDb("paced-at-once");
    await db.open();
    const store = pacedQuery(db, ["outbox", "syncState"], async () => (await db.syncState.get("flag"))?.value ?? null, busyFlag(true), ["syncState"], 10_000);
    const stop = store.subscribe(() => undefined);
    await until(() => store.get() === null);
    await db.outbox.add(entry(1)); // paced: the next run waits for the pace (10 s here)
    await db.syncState.put({ key: "flag", value: "reconciling" });
    await until(() => store.get() === "reconciling", 300); // not after the pace
    stop();
  });

  it("forgets its value when its last reader leaves, and runs afresh for the next", async () => {
    const db = testDb("paced-readers");
    await db.open();
    const { counter, query } = countingQuery(db);
    const store = pacedQuery(db, ["outbox"], query, busyFlag(false));
    const stop = store.subscribe(() => undefined);
    await until(() => store.get() === 0);
    stop();
    await db.outbox.add(entry(1));
    await sleep(30);
    expect([store.get(), counter.runs]).toEqual([undefined, 1]); // nobody reads it: not run
    const again = store.subscribe(() => undefined);
    await until(() => store.get() === 1);
    again();
  });
});
