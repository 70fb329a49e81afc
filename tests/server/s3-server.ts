/**
 * A local S3-protocol server for the S3 tests: s3rver (the S3 REST API, objects kept in a temporary folder) behind a
 * verifying layer, an HTTP proxy on the address the studio is given that recomputes every request's Signature V4
 * (Authorization header or presigned URL) with AWS's own implementation (s3-verify.ts) and answers S3's 403 XML on a
 * wrong signature or an expired URL, as a real bucket does; s3rver 3.7 checks neither. CORS for browsers on other
 * origins is set by the project's own script (scripts/s3-cors.mjs) when `corsOrigins` is given; s3rver answers the
 * preflights from the bucket's rules. `requests` lists what reached the bucket (method, path, status, bytes sent).
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "../../scripts/lib/pocketbase.mjs";
import { putBucketCors } from "../../scripts/s3-cors.mjs";
import { errorXml, verifyRequest } from "./s3-verify";

export const S3_BUCKET = "studio-photos";
export const S3_BACKUP_BUCKET = "studio-backups";
const ACCOUNT = { accessKey: "S3RVER", secret: "S3RVER" };

export type S3Request = { method: string; path: string; query: string; status: number; bytesOut: number; bytesIn: number; origin?: string; refused?: string };

export async function startS3Server(options: { corsOrigins?: string[] } = {}) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "sg-s3-"));
  const innerPort = await freePort();
  const server = new S3rver({ port: innerPort, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: S3_BUCKET }, { name: S3_BACKUP_BUCKET }] });
  await server.run();
  const requests: S3Request[] = [];
  let clockSkewMs = 0;

  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const url = req.url ?? "/";
        const q = url.indexOf("?");
        const entry: S3Request = { method: req.method ?? "GET", path: q < 0 ? url : url.slice(0, q), query: q < 0 ? "" : url.slice(q + 1), status: 0, bytesOut: 0, bytesIn: body.length };
        if (typeof req.headers.origin === "string") entry.origin = req.headers.origin;
        requests.push(entry);
        // A preflight carries no signature (browsers never sign one): s3rver answers it from the bucket's CORS rules.
        const refusal = req.method === "OPTIONS" ? null : await verifyRequest({ method: entry.method, url, headers: req.headers, body }, ACCOUNT, new Date(Date.now() + clockSkewMs));
        if (refusal) {
          const xml = errorXml(refusal, entry.path);
          entry.status = refusal.status;
          entry.refused = refusal.code;
          entry.bytesOut = Buffer.byteLength(xml);
          const cors: Record<string, string> = entry.origin ? { "Access-Control-Allow-Origin": entry.origin, Vary: "Origin" } : {};
          res.writeHead(refusal.status, { "Content-Type": "application/xml", ...cors });
          res.end(req.method === "HEAD" ? undefined : xml);
          return;
        }
        const forward = http.request({ host: "127.0.0.1", port: innerPort, method: req.method, path: url, headers: { ...req.headers, "content-length": String(body.length) } }, (answer) => {
          entry.status = answer.statusCode ?? 0;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.on("data", (chunk: Buffer) => (entry.bytesOut += chunk.length));
          answer.pipe(res);
        });
        forward.on("error", (error) => {
          entry.status = 502;
          res.destroy(error);
        });
        forward.end(body);
      })().catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET,
    S3_BACKUP_BUCKET,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY: ACCOUNT.accessKey,
    S3_SECRET: ACCOUNT.secret,
    S3_FORCE_PATH_STYLE: "true",
  };
  /** Sets the bucket's CORS rules with the project's own script (scripts/s3-cors.mjs), as a self-hoster does. */
  const setCors = (origins: string[]) =>
    putBucketCors({ endpoint, bucket: S3_BUCKET, region: env.S3_REGION, accessKey: ACCOUNT.accessKey, secret: ACCOUNT.secret, forcePathStyle: true }, origins);
  if (options.corsOrigins?.length) await setCors(options.corsOrigins);
  return {
    endpoint,
    /** The environment that points the studio at this server (what a self-hoster puts in the env file). */
    env,
    setCors,
    /** What reached the bucket, in order (a test may empty it). */
    requests,
    /** Moves the bucket's clock (the verifier's "now") forward, e.g. past a presigned URL's expiry. */
    advanceClock(seconds: number) {
      clockSkewMs += seconds * 1000;
    },
    stop: async () => {
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      proxy.closeAllConnections();
      await closed;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
