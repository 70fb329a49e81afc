/**
 * Measures the device's clock against the server's (GET /api/sync/now), halfway through the round trip,
 * and keeps the offset on the database so edits made offline are stamped on the server's clock.
 */
import type PocketBase from "pocketbase";
import type { StudioDb } from "../store/db";
import { isQuotaError } from "../store/errors";

export const CLOCK_OFFSET_KEY = "clockOffsetMs";

/** The server's answer: its clock, and its epoch (renewed by every restore of a backup: restoredServer.ts). */
export interface ServerNow {
  now: number;
  epoch?: string;
}

/** Measures and keeps the offset; answers the server's epoch ("" from a server without one). */
export async function measureClockOffset(db: StudioDb, pb: PocketBase): Promise<string> {
  const sent = db.clock();
  const { now, epoch } = await pb.send<ServerNow>("/api/sync/now", { method: "GET" });
  const received = db.clock();
  db.clockOffsetMs = Math.round(now - (sent + received) / 2);
  // Kept for offline starts; on a full device it stays in memory: it must never stop the push that frees space.
  await db.syncState.put({ key: CLOCK_OFFSET_KEY, value: db.clockOffsetMs }).catch((err: unknown) => {
    if (!isQuotaError(err)) throw err;
  });
  return epoch ?? "";
}

/** Restores the last measured offset (offline start). */
export async function loadClockOffset(db: StudioDb): Promise<void> {
  const saved = (await db.syncState.get(CLOCK_OFFSET_KEY))?.value;
  if (typeof saved === "number") db.clockOffsetMs = saved;
}
