/** Every 429 says how long to wait: the longest window of the rate limiter's rules, so the wait is enough. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
type App = { settings: () => { rateLimits: { rules: { duration: number }[] } } };
const retryAfter = require("./retry_after.js") as {
  stamp: (e: { app: App; response: { header: () => { set: (name: string, value: string) => void } } }, err: unknown) => void;
  statusOf: (err: unknown) => number;
  retryAfterSeconds: (app: App) => number;
};

const app = (durations: number[]): App => ({ settings: () => ({ rateLimits: { rules: durations.map((duration) => ({ duration })) } }) });

/** A request event whose answer's headers are kept in `headers`. */
function event(durations: number[]) {
  const headers = new Map<string, string>();
  return { headers, e: { app: app(durations), response: { header: () => ({ set: (name: string, value: string) => void headers.set(name, value) }) } } };
}

describe("Retry-After", () => {
  it("is the longest window of the limiter's rules, at least a second", () => {
    expect(retryAfter.retryAfterSeconds(app([10, 60, 3]))).toBe(60);
    expect(retryAfter.retryAfterSeconds(app([]))).toBe(1);
  });

  it("reads the status of PocketBase's errors, wrapped or not, and of a limiter's message", () => {
    expect(retryAfter.statusOf({ status: 429 })).toBe(429);
    expect(retryAfter.statusOf({ value: { status: 404 } })).toBe(404);
    expect(retryAfter.statusOf(new Error("Too Many Requests."))).toBe(429);
    expect(retryAfter.statusOf(new Error("something else"))).toBe(0);
    expect(retryAfter.statusOf(null)).toBe(0);
  });

  it("is set on a 429 only", () => {
    const refused = event([10, 60]);
    retryAfter.stamp(refused.e, { status: 429 });
    expect(refused.headers.get("Retry-After")).toBe("60");
    const other = event([10, 60]);
    retryAfter.stamp(other.e, { status: 400 });
    expect(other.headers.has("Retry-After")).toBe(false);
  });
});
