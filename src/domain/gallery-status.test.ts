import { describe, expect, it } from "vitest";
import { daysUntilExpiry, galleryStatus, isExpiringSoon } from "./gallery-status";

const now = new Date("2026-06-15T12:00:00Z");

describe("gallery status", () => {
  it("is Dormant when the gallery is disabled, whatever its expiry", () => {
    expect(galleryStatus({ enabled: false, expirationDate: "2030-01-01" }, now)).toBe("Dormant");
    expect(galleryStatus({ enabled: false, expirationDate: "2020-01-01" }, now)).toBe("Dormant");
  });

  it("is Expired when enabled and the expiry is earlier than now", () => {
    expect(galleryStatus({ enabled: true, expirationDate: "2026-06-15 11:59:59.000Z" }, now)).toBe("Expired");
  });

  it("is Active when enabled with no expiry or a future one", () => {
    expect(galleryStatus({ enabled: true, expirationDate: "" }, now)).toBe("Active");
    expect(galleryStatus({ enabled: true, expirationDate: null }, now)).toBe("Active");
    expect(galleryStatus({ enabled: true, expirationDate: "2026-06-15T12:00:01Z" }, now)).toBe("Active");
  });
});

describe("expiring window", () => {
  it("counts whole days, rounded down", () => {
    expect(daysUntilExpiry({ enabled: true, expirationDate: "2026-06-16T11:59:59Z" }, now)).toBe(0);
    expect(daysUntilExpiry({ enabled: true, expirationDate: "2026-06-16T12:00:00Z" }, now)).toBe(1);
    expect(daysUntilExpiry({ enabled: true, expirationDate: "" }, now)).toBeNull();
  });

  it("includes 0 to 7 whole days ahead and nothing past or beyond", () => {
    const at = (iso: string) => isExpiringSoon({ enabled: true, expirationDate: iso }, now);
    expect(at("2026-06-15T18:00:00Z")).toBe(true); // 0 days
    expect(at("2026-06-23T11:00:00Z")).toBe(true); // 7.96 days -> 7
    expect(at("2026-06-23T12:00:00Z")).toBe(false); // 8 days
    expect(at("2026-06-15T11:00:00Z")).toBe(false); // already expired
    expect(at("")).toBe(false);
  });
});
