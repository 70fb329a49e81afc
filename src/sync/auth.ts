/**
 * Sign-in, sign-out and session refresh against PocketBase's `users` auth collection. The username the
 * owner types is the account's email.
 */
import type { RecordModel } from "pocketbase";
import { ClientResponseError } from "pocketbase";
import type { SessionUser } from "../domain/user";
import { pb } from "./pocketbase";

export function toSessionUser(record: RecordModel): SessionUser {
  return { id: record.id, username: String(record.email ?? ""), isStudioOwner: record.isStudioOwner === true };
}

/** The session kept on this device, valid or not: offline, an expired token still opens the app. */
export function storedUser(): SessionUser | null {
  const record = pb.authStore.record;
  return record ? toSessionUser(record) : null;
}

export async function signIn(username: string, password: string): Promise<SessionUser> {
  const result = await pb.collection("users").authWithPassword(username.trim(), password);
  return toSessionUser(result.record);
}

export function signOut(): void {
  pb.authStore.clear();
}

export type RefreshOutcome = { kind: "refreshed"; user: SessionUser } | { kind: "rejected" } | { kind: "unreachable" };

/**
 * Renews the token when the server can be reached. Only an answer of the server that the session is no
 * longer valid (401/403/404) ends it; a network failure keeps the local session so offline work goes on.
 */
export async function refreshSession(): Promise<RefreshOutcome> {
  try {
    const result = await pb.collection("users").authRefresh();
    return { kind: "refreshed", user: toSessionUser(result.record) };
  } catch (err) {
    if (err instanceof ClientResponseError && [401, 403, 404].includes(err.status)) return { kind: "rejected" };
    return { kind: "unreachable" };
  }
}

/** "status: body text" as the specification's error catalogue words it. */
export function errorMessage(err: unknown): string {
  if (err instanceof ClientResponseError) {
    if (err.status === 0) return "Network error: the server could not be reached.";
    return `${err.status}: ${err.message}`;
  }
  return err instanceof Error ? err.message : String(err);
}
