export interface DeployPlan {
  trustedProxyHeaders: string[] | null;
  s3: { enabled: true; endpoint: string; bucket: string; region: string; accessKey: string; secret: string; forcePathStyle: boolean } | null;
  s3BackupBucket: string | null;
  smtp: { enabled: true; host: string; port: number; username: string; password: string; tls: boolean } | null;
  sender: { name: string; address: string } | null;
}
export function parseFrom(value: string): { name: string; address: string } | null;
export function planFromEnv(getenv: (name: string) => string | undefined): DeployPlan;
export function trustedProxyAddresses(getenv: (name: string) => string | undefined): string[];
export function trustedProxyCheck(getenv: (name: string) => string | undefined): (remoteIP: string) => boolean;
