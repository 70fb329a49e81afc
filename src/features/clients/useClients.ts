/** Every client on the device, newest first, live (the store is the source; sync keeps it current); none in the trash (issue 43). */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import { isTrashed } from "../../store/repositories/trash";
import type { ClientRow } from "../../store/rows";
import { CLIENT_TEXTS } from "./texts";

export function useClients(): ClientRow[] | undefined {
  return useLiveQuery(() => db.clients.orderBy("createdAt").reverse().filter((c) => !isTrashed(c)).toArray());
}

/** Case-insensitive match on name, email or event type, as stored or as the screen says it (specification, section 5). */
export function matchesSearch(client: Pick<ClientRow, "name" | "email" | "eventType">, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [client.name, client.email, client.eventType, client.eventType && CLIENT_TEXTS.eventType(client.eventType)].some((v) => (v ?? "").toLowerCase().includes(q));
}
