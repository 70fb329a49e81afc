/**
 * Questions the engine asks the server about one record before it concludes anything from a refusal.
 * Only a 404 means "not there"; any other failure (network, 5xx) is thrown, so a lookup that could not be
 * answered never turns into a drop.
 */
import { ClientResponseError, type default as PocketBase } from "pocketbase";

/** Whether the server has the record (asks for its id only). */
export async function recordExists(pb: PocketBase, collection: string, id: string): Promise<boolean> {
  try {
    await pb.collection(collection).getOne(id, { fields: "id" });
    return true;
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return false;
    throw err;
  }
}

/**
 * Whether the server deleted the record: its tombstone exists. A record that is missing without one was
 * never there or went with a restore, and is not "deleted elsewhere".
 */
export async function hasTombstone(pb: PocketBase, collection: string, id: string): Promise<boolean> {
  const page = await pb.collection("tombstones").getList(1, 1, {
    filter: pb.filter("recordCollection = {:c} && recordId = {:id}", { c: collection, id }),
    fields: "id",
    skipTotal: true,
  });
  return page.items.length > 0;
}
