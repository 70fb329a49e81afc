/** One client from the device's store, live; undefined while loading, null when there is none. */
import { useLiveQuery } from "dexie-react-hooks";
import { normalizeAccessCode } from "../../domain/contract";
import { db } from "../../store/db";
import { refusedClientFields } from "../../store/repositories/clients";
import type { ClientRow } from "../../store/rows";

export function useClient(id: string | undefined): ClientRow | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.clients.get(id)) ?? null) : null), [id]);
}

/** The server's refusals of this client's waiting changes, by field, live. */
export function useRefusedFields(id: string): Record<string, string> {
  return useLiveQuery(() => refusedClientFields(db, id), [id]) ?? {};
}

/** Whether another client on this device has the same code once normalised (from before codes were unique). */
export function useCodeShared(id: string, accessCode: string): boolean {
  return (
    useLiveQuery(async () => {
      const key = normalizeAccessCode(accessCode);
      return !!key && (await db.clients.filter((c) => c.id !== id && normalizeAccessCode(c.accessCode) === key).count()) > 0;
    }, [id, accessCode]) ?? false
  );
}
