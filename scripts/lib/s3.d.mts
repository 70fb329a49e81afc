export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secret: string;
  forcePathStyle: boolean;
}
export function s3ConfigFromEnv(env?: Record<string, string | undefined>): S3Config | null;
export function s3Client(config: S3Config): {
  put(key: string, bytes: Buffer, contentType?: string, metadata?: Record<string, string>): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  getObject(key: string): Promise<{ bytes: Buffer; contentType: string; metadata: Record<string, string> } | null>;
  delete(key: string): Promise<void>;
  list(prefix?: string): Promise<string[]>;
};
export function signV4(
  config: S3Config,
  request: { method: string; pathname: string; qs: string; now: string; payloadHash: string; headers: Record<string, string> },
): { authorization: string; lower: Record<string, string> };
