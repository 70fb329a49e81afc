/** Parked changes (refused by the server) go back to the queue when the owner asks to retry them. */
import type { StudioDb } from "./db";

/** Clears the refusal of every parked entry; returns how many will be sent again. */
export async function retryParked(db: StudioDb): Promise<number> {
  return db.transaction("rw", db.outbox, async () => {
    const parked = (await db.outbox.toArray()).filter((e) => e.error);
    for (const entry of parked) await db.outbox.update(entry.seq!, { error: undefined });
    return parked.length;
  });
}
