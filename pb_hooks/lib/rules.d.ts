/** Types of rules.js for the Node unit tests (PocketBase runs the plain JavaScript). */
export const MAX_FAILURES_PER_WINDOW: number;
export const FAILURE_WINDOW_MS: number;
export const PAGE_SIZE_DEFAULT: number;
export function galleryState(client: { enabled: boolean; expirationDate: string } | null, nowMs: number): "missing" | "expired" | "open";
export function attemptWindow(
  counter: { windowStart: string; failures: number } | null,
  nowMs: number,
): { allowed: boolean; windowStart: number; failures: number };
export function galleryTokenKey(serverSecret: string, clientId: string, accessCode: string): string;
export function isValidAccessUrl(value: string): boolean;
export function parsePaging(page: string | number | undefined, limit: string | number | undefined): { page: number; limit: number; offset: number };
