/**
 * The hooks' own SHA-256, HMAC and Signature V4 (sigv4.js) against AWS's documented examples and against AWS's own
 * implementation (@smithy/signature-v4, hashing with Node's crypto), on random keys, queries, headers and dates.
 */
import { createHash, createHmac } from "node:crypto";
import { createRequire } from "node:module";
import { SignatureV4 } from "@smithy/signature-v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

type Config = { endpoint: string; publicEndpoint?: string; bucket: string; region: string; accessKey: string; secret: string; forcePathStyle: boolean };
type Sig = {
  sha256(data: string | number[]): number[];
  hmacSha256(key: string | number[], data: string | number[]): number[];
  hex(bytes: number[]): string;
  presignUrl(config: Config, request: { method: string; key: string; query?: Record<string, string>; expires: number; now: Date; headers?: Record<string, string> }): string;
  signRequest(
    config: Config,
    request: { method: string; key: string; query?: Record<string, string>; headers?: Record<string, string>; payloadHash?: string; now: Date },
  ): { url: string; headers: Record<string, string> };
};
const require = createRequire(import.meta.url);
const sig = require("./sigv4.js") as Sig;

const AWS: Config = {
  endpoint: "https://s3.amazonaws.com",
  bucket: "examplebucket",
  region: "us-east-1",
  accessKey: "AKIAIOSFODNN7EXAMPLE",
  secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  forcePathStyle: false,
};
const MAY_24 = new Date(Date.UTC(2013, 4, 24));

const bytes = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === "string" ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
class NodeSha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}
const reference = (config: Config) =>
  new SignatureV4({
    service: "s3",
    region: config.region,
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secret },
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });

describe("sha256 and hmacSha256", () => {
  it("match Node's crypto on the FIPS examples and on random bytes of every length around the block edges", () => {
    expect(sig.hex(sig.sha256("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sig.hex(sig.sha256(""))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sig.hex(sig.sha256("Grüße, 写真 📷"))).toBe(createHash("sha256").update("Grüße, 写真 📷").digest("hex"));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 130 }), (data, key) => {
        expect(sig.hex(sig.sha256(Array.from(data)))).toBe(createHash("sha256").update(data).digest("hex"));
        expect(sig.hex(sig.hmacSha256(Array.from(key), Array.from(data)))).toBe(createHmac("sha256", key).update(data).digest("hex"));
      }),
      { numRuns: 300 },
    );
  });
});

describe("Signature V4", () => {
  it("gives AWS's documented presigned URL (GET examplebucket/test.txt, 24 May 2013, 86400 s)", () => {
    const url = new URL(sig.presignUrl(AWS, { method: "GET", key: "test.txt", expires: 86400, now: MAY_24 }));
    expect(url.host).toBe("examplebucket.s3.amazonaws.com");
    expect(url.pathname).toBe("/test.txt");
    expect(url.searchParams.get("X-Amz-Credential")).toBe("AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("86400");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
    expect(url.searchParams.get("X-Amz-Signature")).toBe("aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
  });

  it("gives AWS's documented header-signed GET (test.txt, Range bytes=0-9)", () => {
    const signed = sig.signRequest(AWS, { method: "GET", key: "test.txt", headers: { Range: "bytes=0-9" }, payloadHash: sig.hex(sig.sha256("")), now: MAY_24 });
    expect(signed.url).toBe("https://examplebucket.s3.amazonaws.com/test.txt");
    expect(signed.headers.Authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  const keyChars = fc.constantFrom(..."abcXYZ019 -_.~/+=&%!'()*@,;:äé写📷".split(/(?:)/u));
  const anyKey = fc.array(keyChars, { minLength: 1, maxLength: 24 }).map((c) => c.join("").replace(/^\/+/, "") || "k")
    .filter((key) => !key.split("/").some((part) => part === "." || part === "..")); // URL() would fold dot segments away
  const anyQuery = fc.dictionary(fc.constantFrom("response-content-type", "response-content-disposition", "partNumber", "uploadId", "a b", "x~"), fc.string({ maxLength: 30 }), {
    maxKeys: 3,
  });
  const anyDate = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));
  const anyConfig = fc.record({
    endpoint: fc.constantFrom("http://s3.local:9000", "https://s3.eu-central-003.backblazeb2.com", "http://localhost:80"),
    bucket: fc.constantFrom("studio-photos", "b"),
    region: fc.constantFrom("us-east-1", "eu-central-003", "auto"),
    accessKey: fc.constantFrom("S3RVER", "AKIA0"),
    secret: fc.string({ minLength: 1, maxLength: 40 }),
    forcePathStyle: fc.boolean(),
  });

  it("agrees with AWS's own implementation on presigned URLs", async () => {
    await fc.assert(
      fc.asyncProperty(anyConfig, anyKey, anyQuery, anyDate, fc.integer({ min: 1, max: 604800 }), fc.constantFrom("GET", "PUT", "HEAD"), async (config, key, query, now, expires, method) => {
        const headers = method === "PUT" ? { "content-type": "image/jpeg" } : undefined;
        const mine = new URL(sig.presignUrl(config, { method, key, query, expires, now, headers }));
        const theirs = await reference(config).presign(
          {
            method,
            protocol: mine.protocol,
            hostname: mine.hostname,
            port: mine.port ? Number(mine.port) : undefined,
            path: mine.pathname,
            query,
            headers: { host: mine.host, ...headers, "x-amz-content-sha256": "UNSIGNED-PAYLOAD" },
          },
          { signingDate: now, expiresIn: expires, unsignableHeaders: new Set(["x-amz-content-sha256"]), unhoistableHeaders: new Set(["x-amz-content-sha256", "content-type"]) },
        );
        expect(mine.searchParams.get("X-Amz-Signature")).toBe(theirs.query?.["X-Amz-Signature"]);
        for (const [name, value] of Object.entries(query)) expect(mine.searchParams.get(name)).toBe(value);
      }),
      { numRuns: 150 },
    );
  });

  it("keeps no signing key past its day, its region or its secret (the key derived once a day is reused)", async () => {
    // Same day twice, then another secret, another region and another day, and back: each one as AWS signs it.
    const base = { endpoint: "http://s3.local:9000", bucket: "b", region: "us-east-1", accessKey: "K", secret: "one", forcePathStyle: true };
    const cases = [
      [base, new Date("2026-11-28T01:00:00Z")],
      [base, new Date("2026-11-28T23:59:59Z")],
      [{ ...base, secret: "two" }, new Date("2026-11-28T12:00:00Z")],
      [{ ...base, region: "auto" }, new Date("2026-11-28T12:00:00Z")],
      [base, new Date("2026-11-29T00:00:00Z")],
      [base, new Date("2026-11-28T12:00:00Z")],
    ] as const;
    for (const [config, now] of cases) {
      const mine = sig.signRequest(config, { method: "GET", key: "a/b.jpg", payloadHash: "UNSIGNED-PAYLOAD", now });
      const theirs = await reference(config).sign(
        { method: "GET", protocol: "http:", hostname: "s3.local", path: "/b/a/b.jpg", query: {}, headers: { host: "s3.local:9000", "x-amz-content-sha256": "UNSIGNED-PAYLOAD" } },
        { signingDate: now },
      );
      expect(mine.headers.Authorization).toBe(theirs.headers["authorization"]);
    }
  });

  it("agrees with AWS's own implementation on header-signed requests", async () => {
    await fc.assert(
      fc.asyncProperty(anyConfig, anyKey, anyQuery, anyDate, fc.constantFrom("GET", "PUT", "HEAD", "DELETE", "POST"), async (config, key, query, now, method) => {
        const payloadHash = sig.hex(sig.sha256(key));
        const mine = sig.signRequest(config, { method, key, query, headers: { "Content-Type": "image/jpeg", Range: "bytes=0-  9" }, payloadHash, now });
        const url = new URL(mine.url);
        const theirs = await reference(config).sign(
          {
            method,
            protocol: url.protocol,
            hostname: url.hostname,
            path: url.pathname,
            query,
            headers: { host: url.host, "content-type": "image/jpeg", range: "bytes=0-  9", "x-amz-content-sha256": payloadHash },
          },
          { signingDate: now },
        );
        expect(mine.headers.Authorization).toBe(theirs.headers["authorization"]);
      }),
      { numRuns: 150 },
    );
  });
});
