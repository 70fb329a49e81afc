/**
 * Simulated devices for sync tests: each has its own IndexedDB (fake-indexeddb), its own PocketBase
 * client signed in as the owner, its own sync engine, and a clock the test can skew.
 */
import "fake-indexeddb/auto";
import type { DBCore } from "dexie";
import PocketBase, { type RecordModel } from "pocketbase";
import { StudioDb } from "../../src/store/db";
import { createSyncEngine, type SyncOptions } from "../../src/sync/engine";
import { OWNER, type TestServer } from "./test-server";

let counter = 0;
/** One sign-in per server: the limiter allows 20 sign-ins a minute per IP, and tests make many devices. */
const sessions = new Map<string, { token: string; record: RecordModel }>();

export interface Device {
  db: StudioDb;
  pb: PocketBase;
  sync: ReturnType<typeof createSyncEngine>;
  /** Moves this device's clock by `ms` relative to the real time. */
  skewClock: (ms: number) => void;
  /** A full disk: every write that stores something fails with a QuotaExceededError; deletes still work. */
  setFull: (isFull: boolean) => void;
}

/** Dexie middleware that refuses adds and puts while `state.isFull`, as a browser does on a full disk. */
function fullDisk(state: { isFull: boolean }) {
  return {
    stack: "dbcore" as const,
    name: "full-disk",
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          mutate: (req) => (state.isFull && (req.type === "add" || req.type === "put") ? Promise.reject(new DOMException("The device is full.", "QuotaExceededError")) : table.mutate(req)),
        };
      },
    }),
  };
}

export async function makeDevice(server: TestServer, options: SyncOptions = {}): Promise<Device> {
  const db = new StudioDb(`device-${process.pid}-${++counter}`);
  const disk = { isFull: false };
  db.use(fullDisk(disk));
  await db.open();
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  let session = sessions.get(server.url);
  if (!session) {
    const auth = await pb.collection("users").authWithPassword(OWNER.email, OWNER.password);
    session = { token: auth.token, record: auth.record };
    sessions.set(server.url, session);
  }
  pb.authStore.save(session.token, session.record);
  return {
    db,
    pb,
    sync: createSyncEngine(db, pb, options),
    skewClock: (ms) => {
      db.clock = () => Date.now() + ms;
    },
    setFull: (isFull) => {
      disk.isFull = isFull;
    },
  };
}

export async function serverRecords<T = Record<string, unknown>>(server: TestServer, collection: string, filter = ""): Promise<T[]> {
  const q = new URLSearchParams({ perPage: "500", ...(filter ? { filter } : {}) });
  const r = await server.api<{ items: T[] }>("GET", `/api/collections/${collection}/records?${q}`, { token: server.ownerToken });
  return r.body.items;
}
