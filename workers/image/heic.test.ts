/** A build made with HEIC_DECODING=off refuses a HEIC photo with the message the owner reads, never a crash. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { HEIC_OFF_MESSAGE } from "../../src/domain/heic-decoding";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("HEIC decoding turned off", () => {
  it("refuses a HEIC photo with 'HEIC is turned off on this server'", async () => {
    vi.stubGlobal("__HEIC_DECODING__", "off"); // what vite.config.ts's define writes into such a build
    const { decodeHeic } = await import("./heic");
    await expect(decodeHeic(new Blob([new Uint8Array(16)]))).rejects.toMatchObject({ code: "unsupported", message: HEIC_OFF_MESSAGE });
    expect(HEIC_OFF_MESSAGE).toMatch(/^HEIC is turned off on this server/);
  });

  it("hides HEIC from the file chooser", async () => {
    vi.stubGlobal("__HEIC_DECODING__", "off");
    const { photoAccept } = await import("../../src/domain/heic-decoding");
    expect(photoAccept("image/*")).toBe("image/*");
  });

  it("offers HEIC by default", async () => {
    const { photoAccept } = await import("../../src/domain/heic-decoding");
    expect(photoAccept("image/*")).toBe("image/*,.heic,.heif");
  });
});
