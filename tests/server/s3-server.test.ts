/**
 * The test S3 checks signatures as a real bucket does (s3rver alone does not): a request signed right passes, a
 * wrong signature, a wrong key, a changed path or query, a body that is not the signed one and a presigned URL past its
 * expiry are refused with S3's 403 XML; a browser on an origin set by scripts/s3-cors.mjs gets its preflight
 * and CORS headers. The hooks' sigv4.js signs here, so these also show it works against a verifying server.
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Client } from "../../scripts/lib/s3.mjs";
import { S3_BUCKET, startS3Server } from "./s3-server";

type Config = { endpoint: string; bucket: string; region: string; accessKey: string; secret: string; forcePathStyle: boolean };
const require = createRequire(import.meta.url);
const sig = require("../../pb_hooks/lib/rules/sigv4.js") as {
  presignUrl(config: Config, request: { method: string; key: string; query?: Record<string, string>; expires: number; now: Date; headers?: Record<string, string> }): string;
  signRequest(config: Config, request: { method: string; key: string; headers?: Record<string, string>; payloadHash?: string; now: Date }): { url: string; headers: Record<string, string> };
  hex(bytes: number[]): string;
  sha256(data: string): number[];
};

const ORIGIN = "http://127.0.0.1:5999";
let s3: Awaited<ReturnType<typeof startS3Server>>;
let config: Config;

beforeAll(async () => {
  s3 = await startS3Server({ corsOrigins: [ORIGIN] });
  config = { endpoint: s3.endpoint, bucket: S3_BUCKET, region: "us-east-1", accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true };
  await s3Client(config).put("a/b/photo one.jpg", Buffer.from("the photo's bytes"), "image/jpeg");
});
afterAll(async () => {
  await s3?.stop();
});

describe("the verifying test S3", () => {
  it("serves a presigned GET signed right, with the response headers it asks for", async () => {
    const url = sig.presignUrl(config, {
      method: "GET",
      key: "a/b/photo one.jpg",
      query: { "response-content-disposition": "attachment; filename*=UTF-8''Photo%20%C3%A9.jpg", "response-cache-control": "private, max-age=60" },
      expires: 300,
      now: new Date(),
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("the photo's bytes");
    expect(res.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''Photo%20%C3%A9.jpg");
    expect(res.headers.get("cache-control")).toBe("private, max-age=60");
  });

  it("refuses a wrong signature, a wrong secret, a changed key or query, and says why in S3's XML", async () => {
    const url = sig.presignUrl(config, { method: "GET", key: "a/b/photo one.jpg", query: { "response-content-type": "image/jpeg" }, expires: 300, now: new Date() });
    const flipped = url.replace(/X-Amz-Signature=([0-9a-f])/, (_m, c: string) => `X-Amz-Signature=${c === "0" ? "1" : "0"}`);
    const otherSecret = sig.presignUrl({ ...config, secret: "not-the-secret" }, { method: "GET", key: "a/b/photo one.jpg", expires: 300, now: new Date() });
    const otherKey = url.replace("photo%20one.jpg", "photo%20two.jpg");
    const otherQuery = url.replace("response-content-type=image%2Fjpeg", "response-content-type=text%2Fhtml");
    for (const bad of [flipped, otherSecret, otherKey, otherQuery]) {
      const res = await fetch(bad);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("<Code>SignatureDoesNotMatch</Code>");
    }
  });

  it("refuses a presigned URL once its life is over, and serves it before", async () => {
    const url = sig.presignUrl(config, { method: "GET", key: "a/b/photo one.jpg", expires: 60, now: new Date() });
    expect((await fetch(url)).status).toBe(200);
    s3.advanceClock(61);
    const late = await fetch(url);
    expect(late.status).toBe(403);
    expect(await late.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/);
    s3.advanceClock(-61);
  });

  it("checks header-signed requests too: the signature and the body's hash", async () => {
    const body = "new bytes";
    const good = sig.signRequest(config, { method: "PUT", key: "a/b/new.txt", headers: { "content-type": "text/plain" }, payloadHash: sig.hex(sig.sha256(body)), now: new Date() });
    expect((await fetch(good.url, { method: "PUT", headers: good.headers, body })).status).toBe(200);
    const swapped = await fetch(good.url, { method: "PUT", headers: good.headers, body: "other bytes" });
    expect(swapped.status).toBe(400);
    expect(await swapped.text()).toContain("XAmzContentSHA256Mismatch");
    const wrongType = await fetch(good.url, { method: "PUT", headers: { ...good.headers, "content-type": "text/html" }, body });
    expect(wrongType.status).toBe(403);
    expect(await s3Client(config).get("a/b/new.txt")).toEqual(Buffer.from(body));
  });

  it("answers a browser's preflight and GET from the origin the project's CORS script allowed, and no other", async () => {
    const preflight = await fetch(`${s3.endpoint}/${S3_BUCKET}/a/b/x.jpg`, {
      method: "OPTIONS",
      headers: { Origin: ORIGIN, "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "content-type" },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PUT");
    const stranger = await fetch(`${s3.endpoint}/${S3_BUCKET}/a/b/x.jpg`, { method: "OPTIONS", headers: { Origin: "http://evil.test", "Access-Control-Request-Method": "GET" } });
    expect(stranger.status).toBe(403);
    const url = sig.presignUrl(config, { method: "GET", key: "a/b/photo one.jpg", expires: 300, now: new Date() });
    const res = await fetch(url, { headers: { Origin: ORIGIN } });
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(res.headers.get("access-control-expose-headers")).toContain("ETag");
  });
});
