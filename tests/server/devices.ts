/**
 * Simulated devices for sync tests: each has its own IndexedDB (fake-indexeddb), its own PocketBase
 * client signed in as the owner, its own sync engine, and a clock the test can skew.
 */
import "fake-indexeddb/auto";
import PocketBase from "pocketbase";
import { StudioDb } from "../../src/store/db";
import { createSyncEngine, type SyncOptions } from "../../src/sync/engine";
import { OWNER, type TestServer } from "./test-server";

let counter = 0;

export interface Device {
  db: StudioDb;
  pb: PocketBase;
  sync: ReturnType<typeof createSyncEngine>;
  /** Moves this device's clock by `ms` relative to the real time. */
  skewClock: (ms: number) => void;
}

export async function makeDevice(server: TestServer, options: SyncOptions = {}): Promise<Device> {
  const db = new StudioDb(`device-${process.pid}-${++counter}`);
  await db.open();
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  await pb.collection("users").authWithPassword(OWNER.email, OWNER.password);
  return {
    db,
    pb,
    sync: createSyncEngine(db, pb, options),
    skewClock: (ms) => {
      db.clock = () => Date.now() + ms;
    },
  };
}

export async function serverRecords<T = Record<string, unknown>>(server: TestServer, collection: string, filter = ""): Promise<T[]> {
  const q = new URLSearchParams({ perPage: "500", ...(filter ? { filter } : {}) });
  const r = await server.api<{ items: T[] }>("GET", `/api/collections/${collection}/records?${q}`, { token: server.ownerToken });
  return r.body.items;
}
