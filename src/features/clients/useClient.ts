/** One client from the device's store, live; undefined while loading, null when there is none. */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import type { ClientRow } from "../../store/rows";

export function useClient(id: string | undefined): ClientRow | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.clients.get(id)) ?? null) : null), [id]);
}
