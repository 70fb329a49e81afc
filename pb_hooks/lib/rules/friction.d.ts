/** Types of friction.js for the Node unit tests (PocketBase runs the plain JavaScript). */
export type BudgetKind = "code-only" | "pin" | "net48";
export interface PressureRow { failures: number; nextAt: number; lastAt: number }
export const BUDGETS: Record<BudgetKind, { free: number; halfLifeMs: number; baseBits: number; stepBits: number; capBits: number }>;
export const MAX_BITS: number;
export const CHALLENGE_TTL_MS: number;
export const PHONE_HASHES_PER_SECOND: number;
export function phoneSeconds(bits: number): number;
export const MILLI: number;
export function pressureAt(kind: BudgetKind, row: PressureRow | null, nowMs: number): number;
export function bitsRequired(kind: BudgetKind, pressure: number): number;
export function afterAttempt(kind: BudgetKind, row: PressureRow | null, nowMs: number): PressureRow;
export function afterRefund(kind: BudgetKind, row: PressureRow, nowMs: number): PressureRow;
export function leadingZeroBits(hex: string): number;
export function makeChallenge(nowMs: number, random: string, bits: number, scope: string): string;
export function parseChallenge(challenge: unknown): { expiresAt: number; bits: number; scope: string } | null;
export function solutionShape(
  solution: unknown,
  scope: string,
  bitsNow: number,
  nowMs: number,
): { challenge: string; signature: string; nonce: string; bits: number; expiresAt: number } | null;
