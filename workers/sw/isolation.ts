/// <reference lib="webworker" />
/**
 * Cross-origin isolation of what the owner's service worker answers (issue 28). The server puts COOP and
 * COEP on every file of the owner's app (pb_hooks/lib/core/security_headers.js); the worker puts them on its own
 * answers too, so that the app it serves from its cache is isolated whatever that cache holds (a copy
 * precached from an older server without them, a proxy that dropped them) and its workers are let in (an
 * isolated page refuses a dedicated worker whose script does not say the same policy).
 */
import type { WorkboxPlugin } from "workbox-core/types";

/** The same pair as `ISOLATION` in pb_hooks/lib/core/security_headers.js (a unit test compares them). */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

/** The response with the isolation headers, or itself when it has them already (or cannot be copied). */
export function withIsolation(response: Response): Response {
  if (response.type === "opaque" || response.type === "opaqueredirect" || response.status === 0) return response;
  const names = Object.keys(ISOLATION_HEADERS);
  if (names.every((name) => response.headers.get(name) === ISOLATION_HEADERS[name])) return response;
  const headers = new Headers(response.headers);
  for (const name of names) headers.set(name, ISOLATION_HEADERS[name]!);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A Workbox plugin that isolates every answer of the strategy it is added to (the precache's). */
export const isolationPlugin: WorkboxPlugin = {
  handlerWillRespond: async ({ response }) => withIsolation(response),
};
