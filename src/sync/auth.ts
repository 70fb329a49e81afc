/**
 * Sign-in, sign-out and session refresh against PocketBase's `users` auth collection. The username the
 * owner types is the account's email.
 */
import type { RecordModel } from "pocketbase";
import { ClientResponseError } from "pocketbase";
import type { SessionUser } from "../domain/user";
import { errorMessage } from "../lib/errors";
import { refusalMessage } from "../lib/refusals/refusals";
import { pb } from "./pocketbase";
import { SYNC_TEXTS } from "./texts";

export function toSessionUser(record: RecordModel): SessionUser {
  return { id: record.id, username: String(record.email ?? ""), isStudioOwner: record.isStudioOwner === true };
}

/** The session kept on this device, valid or not: offline, an expired token still opens the app. */
export function storedUser(): SessionUser | null {
  const record = pb.authStore.record;
  return record?.id && pb.authStore.token ? toSessionUser(record) : null;
}

/**
 * Calls `listener` with the session kept on this device whenever it changes: here, or in another tab of the
 * app (the SDK follows localStorage's storage events). Returns the unsubscribe function.
 */
export function onStoredSessionChange(listener: (user: SessionUser | null) => void): () => void {
  return pb.authStore.onChange(() => listener(storedUser()));
}

type AuthResponse = { token: string; record: RecordModel };

function isAuthResponse(data: unknown): data is AuthResponse {
  const d = data as Partial<AuthResponse> | null;
  return typeof d?.token === "string" && d.token.length > 0 && typeof d.record?.id === "string";
}

/**
 * Keeps a session the server has just issued. The SDK's own helpers store whatever a 200 carried, and a
 * body cut off mid-way (a page left during the request) parses as {}: that stored a session without a token,
 * and the next start signed the owner out. An answer without a token and a record changes nothing here.
 */
export function keepSession(data: unknown): SessionUser {
  if (!isAuthResponse(data)) throw new Error(SYNC_TEXTS.incompleteAnswer);
  pb.authStore.save(data.token, data.record);
  return toSessionUser(data.record);
}

export async function signIn(username: string, password: string): Promise<SessionUser> {
  return keepSession(await pb.send<unknown>("/api/collections/users/auth-with-password", { method: "POST", body: { identity: username.trim(), password } }));
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
    const data = await pb.send<unknown>("/api/collections/users/auth-refresh", { method: "POST" });
    return isAuthResponse(data) ? { kind: "refreshed", user: keepSession(data) } : { kind: "unreachable" };
  } catch (err) {
    if (err instanceof ClientResponseError && [401, 403, 404].includes(err.status)) return { kind: "rejected" };
    return { kind: "unreachable" };
  }
}

/** "status: body text" as the specification's error catalogue words it; a refusal's text in the owner's language. */
export function serverErrorMessage(err: unknown): string {
  if (err instanceof ClientResponseError) {
    if (err.status === 0) return SYNC_TEXTS.unreachable;
    return `${err.status}: ${refusalMessage(err, err.message)}`;
  }
  return errorMessage(err, String(err));
}
