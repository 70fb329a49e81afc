import { describe, expect, it } from "vitest";
import { formatBytes, formatDate, formatDateTime, formatMoment, formatTime, initials, truncateFileName, truncateName } from "./format";

describe("formatBytes", () => {
  it("uses base 1024 with at most two decimals", () => {
    expect(formatBytes(0)).toBe("0 Bytes");
    expect(formatBytes(512)).toBe("512 Bytes");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(20971520)).toBe("20 MB");
    expect(formatBytes(1234567)).toBe("1.18 MB");
    expect(formatBytes(5 * 1024 ** 3)).toBe("5 GB");
    expect(formatBytes(3 * 1024 ** 4)).toBe("3 TB");
  });
});

describe("formatDate", () => {
  it("writes US English with a long month", () => {
    expect(formatDate(new Date("2026-01-05T00:00:00Z"))).toBe("January 5, 2026");
  });
});

describe("formatTime", () => {
  const moment = new Date("2026-11-24T13:36:00Z");

  it("writes the time as the device's locale does, not a hard-wired US clock", () => {
    expect(formatTime(moment, { locale: "de-DE", timeZone: "UTC" })).toBe("13:36");
    expect(formatTime(moment, { locale: "en-US", timeZone: "UTC" })).toMatch(/^1:36\sPM$/);
  });

  it("uses the active locale (English until another is activated) and the device's time zone by default", () => {
    expect(formatTime(moment)).toBe(new Intl.DateTimeFormat("en", { hour: "numeric", minute: "2-digit" }).format(moment));
  });
});

describe("formatDateTime", () => {
  const moment = new Date("2026-11-24T13:33:30Z");

  it("writes the long date, then the time, both in one locale (issue 27)", () => {
    expect(formatDateTime(moment, { locale: "en", timeZone: "UTC" })).toBe("November 24, 2026, 1:33 PM");
    expect(formatDateTime(moment, { locale: "de-DE", timeZone: "UTC" })).toBe("24. November 2026, 13:33");
    expect(formatDateTime(moment, { locale: "de-DE", timeZone: "Pacific/Auckland" })).toBe("25. November 2026, 2:33");
  });

  it("uses the device's time zone by default", () => {
    const day = new Intl.DateTimeFormat("en", { year: "numeric", month: "long", day: "numeric" }).format(moment);
    expect(formatDateTime(moment)).toBe(`${day}, ${formatTime(moment)}`);
  });
});

describe("formatMoment", () => {
  it("formats the server's dates as moments, and nothing for none", () => {
    expect(formatMoment("2026-11-24 13:33:30.000Z", { locale: "de-DE", timeZone: "UTC" })).toBe("24. November 2026, 13:33");
    expect(formatMoment("")).toBe("");
  });
});

describe("truncateFileName", () => {
  it("keeps names of 20 characters or fewer", () => {
    expect(truncateFileName("wedding-0001.jpg")).toBe("wedding-0001.jpg");
    expect(truncateFileName("a".repeat(16) + ".jpg")).toBe("a".repeat(16) + ".jpg");
  });

  it("shortens longer names with an ellipsis and keeps the extension", () => {
    const short = truncateFileName("ceremony-first-kiss-portrait.jpeg");
    expect(short).toBe("ceremony-first….jpeg");
    expect(short.length).toBeLessThanOrEqual(20);
    expect(short.endsWith(".jpeg")).toBe(true);
  });
});

describe("truncateName", () => {
  it("cuts at 15 characters", () => {
    expect(truncateName("IMG_0001.jpg")).toBe("IMG_0001.jpg");
    expect(truncateName("bride-and-groom-dance.jpg")).toBe("bride-and-groom…");
  });
});

describe("initials", () => {
  it("takes the first letter of the first and the last word, upper-cased", () => {
    expect(initials("ada byron lovelace")).toBe("AL");
    expect(initials("owner@example.com")).toBe("O");
    expect(initials("  ")).toBe("");
  });
});
