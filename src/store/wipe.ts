/** Empties every table of the device's store (sign-out after the owner agreed to lose unsynced changes). */
import type { StudioDb } from "./db";

export async function wipeDevice(db: StudioDb): Promise<void> {
  await db.transaction("rw", db.tables, async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
}
