/** The part of s3rver (a local S3-protocol server, devDependency of the S3 tests) they use. */
declare module "s3rver" {
  export default class S3rver {
    constructor(options: { port: number; address: string; directory: string; silent?: boolean; configureBuckets?: { name: string }[] });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
