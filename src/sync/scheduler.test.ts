/**
 * The sync scheduler's realtime subscriptions: a reconnect replaces them instead of adding more.
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../store/test-db";
import type PocketBase from "pocketbase";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SyncEngine } from "./engine";
import { startSyncScheduler } from "./scheduler";

/** A PocketBase stand-in that only counts realtime listeners (the scheduler's sync is stubbed too). */
function countingPb() {
  const listeners = new Set<object>();
  const pb = {
    collection: () => ({
      subscribe: async () => {
        const token = {};
        listeners.add(token);
        return async () => void listeners.delete(token);
      },
    }),
  };
  return { pb: pb as unknown as PocketBase, listeners };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

afterEach(() => vi.unstubAllGlobals());

describe("realtime subscriptions", () => {
  it("keeps one listener per collection after 5 reconnects, and none after stop", async () => {
    const win = new EventTarget();
    vi.stubGlobal("window", win);
    vi.stubGlobal("navigator", { onLine: true });
    const engine = { status: { set: () => undefined }, syncOnce: async () => undefined } as unknown as SyncEngine;
    const { pb, listeners } = countingPb();
    const stop = startSyncScheduler(testDb("scheduler"), pb, engine);
    await settle();
    expect(listeners.size).toBe(11); // one per realtime collection
    for (let i = 0; i < 5; i++) {
      win.dispatchEvent(new Event("offline"));
      win.dispatchEvent(new Event("online"));
      await settle();
    }
    expect(listeners.size).toBe(11); // one per realtime collection
    stop();
    await settle();
    expect(listeners.size).toBe(0);
  });
});
