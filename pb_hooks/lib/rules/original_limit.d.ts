/** Types of original_limit.js for the Node unit tests (PocketBase runs the plain JavaScript). */
export const DEFAULT_ORIGINAL_MB: number;
export const MAX_ORIGINAL_MB: number;
export function originalLimitBytes(maxOriginalMB: unknown): number;
export function tooLargeParams(size: number, limit: number): { size: number; limit: number; max: number };
export function tooLargeMessage(size: number, limit: number): string;
