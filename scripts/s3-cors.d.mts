/** Types of scripts/s3-cors.mjs for the TypeScript tests that set a bucket's CORS through it. */
import type { S3Config } from "./lib/s3.mjs";
export function corsXml(origins: string[]): string;
export function normaliseOrigin(text: string): string;
export function putBucketCors(config: S3Config, origins: string[]): Promise<string>;
