import { describe, expect, it } from "vitest";
import { errorMessage, errorName, isAbortError } from "./errors";

describe("errorMessage", () => {
  it("reads the message of anything thrown, or the fallback", () => {
    expect(errorMessage(new Error("disk full"))).toBe("disk full");
    expect(errorMessage(new DOMException("stopped", "AbortError"))).toBe("stopped");
    expect(errorMessage("plain text")).toBe("plain text");
    expect(errorMessage({ message: "from a response" })).toBe("from a response");
    expect(errorMessage(undefined, "Upload failed")).toBe("Upload failed");
    expect(errorMessage(new Error(""), "Upload failed")).toBe("Upload failed");
    expect(errorMessage(42)).toBe("");
  });

  it("tells a cancellation from other errors", () => {
    expect(isAbortError(new DOMException("stopped", "AbortError"))).toBe(true);
    expect(isAbortError(new Error("AbortError"))).toBe(false);
    expect(isAbortError(null)).toBe(false);
    expect(errorName(Object.assign(new Error("bad zip"), { name: "ZipError" }))).toBe("ZipError");
  });
});
