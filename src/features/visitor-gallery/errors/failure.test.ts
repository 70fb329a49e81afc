/** What a failed visitor request means (issue 43): never "not found" for a server's failure, a 429 is a wait. */
import { describe, expect, it } from "vitest";
import { GalleryApiError } from "../api";
import { codeOutcome, DEFAULT_WAIT_SECONDS, firstLoadFailure, retryAfterSeconds, waitLeftText } from "./failure";

const refusal = (status: number, code: string) => new GalleryApiError(status, `text of ${code}`, "", { refusal: { code, params: {} } });

describe("a gallery's first load", () => {
  it("is 'not found' only on the server's 404, and expired on its 410", () => {
    expect(firstLoadFailure(new GalleryApiError(404, "", ""), true)).toBe("not-found");
    expect(firstLoadFailure(new GalleryApiError(410, "", ""), true)).toBe("expired");
  });

  it("reads a server error, a proxy's 502 and a limiter's 429 as the server's failure", () => {
    for (const status of [500, 502, 503, 504, 429, 401]) expect(firstLoadFailure(new GalleryApiError(status, "", ""), true)).toBe("server-error");
    expect(firstLoadFailure(new Error("unexpected"), true)).toBe("server-error");
  });

  it("tells a device without a network from a server that does not answer", () => {
    expect(firstLoadFailure(new GalleryApiError(0, "", ""), false)).toBe("offline");
    expect(firstLoadFailure(new GalleryApiError(0, "", ""), true)).toBe("unreachable");
  });
});

describe("a refused code", () => {
  it("is a wait on 429, for Retry-After's seconds or a minute when none came", () => {
    expect(codeOutcome(new GalleryApiError(429, "", "", undefined, 47))).toEqual({ kind: "wait", seconds: 47 });
    expect(codeOutcome(refusal(429, "too_many_attempts"))).toEqual({ kind: "wait", seconds: DEFAULT_WAIT_SECONDS });
  });

  it("is a verdict on the code only when the server refused the code", () => {
    expect(codeOutcome(refusal(401, "code_invalid"))).toEqual({ kind: "refused", message: null });
    expect(codeOutcome(refusal(403, "access_page_off"))).toEqual({ kind: "refused", message: "text of access_page_off" });
    expect(codeOutcome(new GalleryApiError(400, "", ""))).toEqual({ kind: "refused", message: null });
  });

  it("checked nothing when the server failed or did not answer", () => {
    for (const status of [0, 500, 502]) expect(codeOutcome(new GalleryApiError(status, "", ""))).toEqual({ kind: "unchecked" });
    expect(codeOutcome(new TypeError("x"))).toEqual({ kind: "unchecked" });
  });
});

describe("the wait", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(retryAfterSeconds("52", now)).toBe(52);
    expect(retryAfterSeconds("Sat, 28 Nov 2026 12:00:30 GMT", now)).toBe(30);
    expect(retryAfterSeconds("Sat, 28 Nov 2026 11:59:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBe(0);
    expect(retryAfterSeconds("soon", now)).toBe(0);
  });

  it("says the time left in seconds, in minutes from two minutes, and when it is over", () => {
    expect(waitLeftText(1)).toBe("You can try again in 1 second.");
    expect(waitLeftText(58)).toBe("You can try again in 58 seconds.");
    expect(waitLeftText(119)).toBe("You can try again in 119 seconds.");
    expect(waitLeftText(121)).toBe("You can try again in 3 minutes.");
    expect(waitLeftText(0)).toBe("You can try your code again now.");
  });
});
