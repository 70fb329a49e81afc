/** Types of rules.js for the Node unit tests (PocketBase runs the plain JavaScript). */
type Guard = { failures: number; nextAt: number; lastAt: number };
export const GUARD: { FREE_FAILURES: number; BASE_WAIT_MS: number; MAX_WAIT_MS: number; FORGET_AFTER_MS: number };
export function waitAfterFailures(n: number): number;
export function addressBeforeAttempt(guard: Guard | null, nowMs: number): { allowed: boolean; retryAfterMs?: number; next?: Guard };
export function addressRefund(guard: Guard, nowMs: number): Guard;
export function addressMaterial(ip: string): string;
export function networkMaterial(ip: string): string | null;
export function canonicalAddress(ip: string): string;
export const PAGE_SIZE_DEFAULT: number;
export function galleryState(client: { enabled: boolean; expirationDate: string } | null, nowMs: number): "missing" | "expired" | "open";
export function galleryTokenKey(serverSecret: string, clientId: string, accessCode: string): string;
export function isValidAccessUrl(value: string): boolean;
export function parsePaging(page: string | number | undefined, limit: string | number | undefined): { page: number; limit: number; offset: number };
