export const POCKETBASE_VERSION: string;
export const PINNED_SHA256: Record<string, string>;
export const TEST_PACKAGE_BIN_ENV: string;
export function sha256OfFile(file: string): string;
export function checkBinary(bin: string): { ok: true } | { ok: false; message: string };
export function pocketbaseBinary(): string;
