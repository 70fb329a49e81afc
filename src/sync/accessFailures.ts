/**
 * Wrong access codes tried on a gallery's link and wrong download PINs, as the server counts them (owner only; the server's rules
 * enforce it). Online only: they are not synced, and a reset is a delete of the server's row.
 */
import { ClientResponseError } from "pocketbase";
import { z } from "zod";
import { pb } from "./pocketbase";

const AccessFailuresSchema = z.object({
  id: z.string(),
  failures: z.number(),
  lastFailureAt: z.string(),
  // Absent on a server from before PIN failures were counted apart.
  pinFailures: z.number().default(0),
  lastPinFailureAt: z.string().default(""),
});
export type AccessFailures = z.infer<typeof AccessFailuresSchema>;

/** The gallery's recent failed attempts, null when there are none. */
export async function fetchAccessFailures(clientId: string): Promise<AccessFailures | null> {
  const page = await pb.collection("access_failures").getList(1, 1, { filter: pb.filter("client = {:id}", { id: clientId }) });
  return page.items[0] ? AccessFailuresSchema.parse(page.items[0]) : null;
}

export async function resetAccessFailures(id: string): Promise<void> {
  try {
    await pb.collection("access_failures").delete(id);
  } catch (err) {
    if (!(err instanceof ClientResponseError && err.status === 404)) throw err;
  }
}
