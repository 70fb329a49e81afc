/**
 * The studio owner's side of the API in browser tests: one sign-in for a token (the real auth endpoint),
 * and requests made with it for seeding and checking what the server holds.
 */
import { OWNER, type AppServer } from "./app-server";

/** `api(method, path, body)`: JSON in (a FormData as it is), JSON out, null for 204; throws on an error status. */
export type OwnerApi = (<T = unknown>(method: string, path: string, body?: unknown) => Promise<T>) & { token: string };

/** Signs the owner in with a password, as the app does, and returns the auth token. */
export async function ownerToken(server: Pick<AppServer, "url">): Promise<string> {
  const res = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: OWNER.email, password: OWNER.password }),
  });
  if (!res.ok) throw new Error(`owner sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function ownerApi(server: Pick<AppServer, "url">): Promise<OwnerApi> {
  const token = await ownerToken(server);
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: token, ...(body !== undefined && !isForm ? { "Content-Type": "application/json" } : {}) },
      body: isForm ? body : body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? null : await res.json()) as T;
  };
  return Object.assign(api, { token });
}
