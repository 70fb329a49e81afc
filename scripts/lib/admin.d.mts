export const MAINTENANCE_EMAIL: string;
export interface ServerLocation {
  url: string;
  dataDir: string;
}
export function serverFromEnv(env?: Record<string, string | undefined>): ServerLocation;
export interface SuperuserSession {
  url: string;
  token: string;
  api<T = unknown>(method: string, pathname: string, body?: { json?: unknown; form?: FormData }): Promise<T>;
  /** Signed in as the maintenance superuser (not the operator's SUPERUSER_EMAIL). */
  isMaintenance: boolean;
}
export function superuserSession(server: ServerLocation, env?: Record<string, string | undefined>): Promise<SuperuserSession>;
export function rotateMaintenancePassword(server: ServerLocation, env?: Record<string, string | undefined>): Promise<void>;
export function withSuperuser(work: (session: SuperuserSession, server: ServerLocation) => Promise<void>, env?: Record<string, string | undefined>): Promise<void>;
export function formatBytes(n: number): string;
