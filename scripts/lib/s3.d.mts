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
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  list(prefix?: string): Promise<string[]>;
};
