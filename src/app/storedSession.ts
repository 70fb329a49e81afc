/**
 * Whether this device keeps a session (the PocketBase SDK's LocalAuthStore entry, src/sync/pocketbase.ts),
 * read without the SDK: the owner's router decides with it whether to load the owner's app or only the
 * sign-in (issue 43). Valid or not is the owner's app's question (useSessionBootstrap): offline, an expired
 * token still opens it.
 */
import { SESSION_STORAGE_KEY } from "../domain/user";

export function hasStoredSession(): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "null") as { token?: unknown; record?: { id?: unknown } | null } | null;
    return typeof stored?.token === "string" && stored.token !== "" && typeof stored.record?.id === "string" && stored.record.id !== "";
  } catch {
    return false;
  }
}
