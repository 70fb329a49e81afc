import type { ChildProcess } from "node:child_process";
export const ROOT: string;
export const UPLOAD_TMP_DIR: string;
export function pocketbaseBinary(): string;
export function freePort(): Promise<number>;
export const PRODUCTION_HOOKS_POOL: number;
export function serveArgs(options: { host: string; port: number; dataDir: string; publicDir?: string; dev?: boolean; hooksPool?: number; hooksDir?: string }): string[];
export function prepareDataDir(dataDir: string, env?: Record<string, string>): Promise<string>;
export function upsertSuperuser(dataDir: string, email: string, password: string): Promise<string>;
export function runPocketBaseCommand(args: string[], dataDir: string, env?: Record<string, string>, values?: string[]): Promise<string>;
export interface RunningPocketBase {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}
export function startPocketBase(options: {
  host?: string;
  port: number;
  dataDir: string;
  publicDir?: string;
  env?: Record<string, string>;
  stdio?: "pipe" | "inherit";
  hooksPool?: number;
  hooksDir?: string;
  /** Milliseconds to wait for the first healthy answer (30,000 unless given). */
  healthTimeoutMs?: number;
}): Promise<RunningPocketBase>;
export function lockDownDataDir(dataDir: string): void;
/** The environment without OWNER_EMAIL, OWNER_PASSWORD and NEW_OWNER_PASSWORD (the long-running server never holds them). */
export function withoutBootstrapSecrets(env: Record<string, string | undefined>): Record<string, string | undefined>;
export const ENCRYPTION_ENV: "PB_ENCRYPTION_KEY";
export function encryptionArgs(env: Record<string, string | undefined>): string[];
