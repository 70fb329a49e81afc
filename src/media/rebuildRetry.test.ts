import { describe, expect, it } from "vitest";
import { afterFailure, mayRetry } from "./rebuildRetry";

describe("trying again an image whose sizes failed", () => {
  it("tries a new image, then waits 1, 4 and 16 minutes after each failure, and gives up after four", () => {
    expect(mayRetry(undefined, 0)).toBe(true);
    let entry = afterFailure(undefined, 1_000);
    expect(entry).toEqual({ tries: 1, notBefore: 61_000 });
    expect(mayRetry(entry, 60_999)).toBe(false);
    expect(mayRetry(entry, 61_000)).toBe(true);
    entry = afterFailure(entry, 61_000);
    expect(entry.notBefore - 61_000).toBe(240_000);
    entry = afterFailure(entry, entry.notBefore);
    expect(entry).toMatchObject({ tries: 3 });
    entry = afterFailure(entry, entry.notBefore);
    expect(entry.tries).toBe(4);
    expect(mayRetry(entry, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});
