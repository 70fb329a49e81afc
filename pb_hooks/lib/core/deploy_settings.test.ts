import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as Deploy from "./deploy_settings.js";

const require = createRequire(import.meta.url);
const { planFromEnv, trustedProxyAddresses, trustedProxyCheck } = require("./deploy_settings.js") as typeof Deploy;
const planAddresses = (vars: Record<string, string>) => trustedProxyAddresses((name) => vars[name]);
const env = (vars: Record<string, string>) => (name: string) => vars[name];

const S3 = { S3_ENDPOINT: "https://s3.example.com", S3_BUCKET: "photos", S3_REGION: "eu-1", S3_ACCESS_KEY: "key", S3_SECRET: "secret" };

describe("deployment settings from the environment", () => {
  it("leaves the stored settings alone when nothing is set", () => {
    expect(planFromEnv(env({}))).toEqual({ trustedProxyHeaders: null, s3: null, s3BackupBucket: null, smtp: null, sender: null });
  });

  it("trusts the named proxy header, or none", () => {
    expect(planFromEnv(env({ TRUSTED_PROXY_HEADER: "X-Forwarded-For" })).trustedProxyHeaders).toEqual(["X-Forwarded-For"]);
    expect(planFromEnv(env({ TRUSTED_PROXY_HEADER: "none" })).trustedProxyHeaders).toEqual([]);
  });

  it("turns on S3 for files, for backups when they have a bucket of their own, path style only when asked", () => {
    const plan = planFromEnv(env({ ...S3, S3_FORCE_PATH_STYLE: "true" }));
    expect(plan.s3).toEqual({ enabled: true, endpoint: S3.S3_ENDPOINT, bucket: "photos", region: "eu-1", accessKey: "key", secret: "secret", forcePathStyle: true });
    expect(plan.s3BackupBucket).toBeNull();
    expect(planFromEnv(env(S3)).s3?.forcePathStyle).toBe(false);
    expect(planFromEnv(env({ ...S3, S3_BACKUP_BUCKET: "photo-backups" })).s3BackupBucket).toBe("photo-backups");
    expect(() => planFromEnv(env({ ...S3, S3_BACKUP_BUCKET: "photos" }))).toThrow(/must differ/);
  });

  it("names the missing variables of a half-done S3 configuration", () => {
    expect(() => planFromEnv(env({ S3_BUCKET: "photos", S3_ENDPOINT: "https://x" }))).toThrow(/S3_REGION, S3_ACCESS_KEY, S3_SECRET/);
  });
});

describe("outgoing mail from the environment", () => {
  it("turns SMTP on from SMTP_HOST with the port, credentials and sender", () => {
    const plan = planFromEnv(env({ SMTP_HOST: "mail.example.com", SMTP_PORT: "465", SMTP_USER: "u", SMTP_PASSWORD: "p", SMTP_FROM: "Lumen Studio <hello@lumen.test>" }));
    expect(plan.smtp).toEqual({ enabled: true, host: "mail.example.com", port: 465, username: "u", password: "p", tls: true });
    expect(plan.sender).toEqual({ name: "Lumen Studio", address: "hello@lumen.test" });
    expect(planFromEnv(env({ SMTP_HOST: "mail.example.com", SMTP_FROM: "hello@lumen.test" })).smtp).toMatchObject({ port: 587, tls: false });
  });

  it("says what is wrong with a half-done SMTP configuration", () => {
    expect(() => planFromEnv(env({ SMTP_HOST: "mail.example.com" }))).toThrow(/SMTP_FROM/);
    expect(() => planFromEnv(env({ SMTP_HOST: "mail.example.com", SMTP_FROM: "a@b.c", SMTP_PORT: "lots" }))).toThrow(/SMTP_PORT/);
  });
});

describe("trusted proxy addresses", () => {
  it("are loopback unless TRUSTED_PROXY_ADDRESSES names others", () => {
    expect(planAddresses({})).toEqual(["127.0.0.1", "::1"]);
    expect(planAddresses({ TRUSTED_PROXY_ADDRESSES: "10.0.0.5, 10.0.0.6" })).toEqual(["10.0.0.5", "10.0.0.6"]);
  });

  it("knows a trusted proxy in the expanded spelling PocketBase's remoteIP() writes", () => {
    const loopback = trustedProxyCheck(env({}));
    expect(loopback("127.0.0.1")).toBe(true);
    expect(loopback("0000:0000:0000:0000:0000:0000:0000:0001")).toBe(true); // ::1
    expect(loopback("0000:0000:0000:0000:0000:ffff:7f00:0001")).toBe(true); // ::ffff:127.0.0.1
    expect(loopback("10.0.0.5")).toBe(false);
    const named = trustedProxyCheck(env({ TRUSTED_PROXY_ADDRESSES: "2001:db8::5" }));
    expect(named("2001:0db8:0000:0000:0000:0000:0000:0005")).toBe(true);
    expect(named("0000:0000:0000:0000:0000:0000:0000:0001")).toBe(false);
  });
});
