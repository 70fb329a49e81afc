/** Types of sync_rules.js for the Node unit tests. */
export function resolveUpdate(
  fields: string[],
  isChanged: (field: string) => boolean,
  storedTimes: unknown,
  sentTimes: unknown,
  nowMs: number,
): { revert: string[]; times: Record<string, number> };
export function isFieldChanged(fieldType: string, before: string, after: string, sameJsonText: (a: string, b: string) => boolean): boolean;
export function timesForCreate(fields: string[], sentTimes: unknown, nowMs: number): Record<string, number>;
export const FUTURE_TOLERANCE_MS: number;
export function clampTime(time: number, nowMs: number): number;
