/**
 * The gallery email's status line (issue 37): "queued" only while it really waits for the device to be
 * online; online it is being sent; once the server has it, the server's word ("sent"), never "queued".
 */
import { describe, expect, it } from "vitest";
import { emailRequestedToast, emailStatusLine } from "./emailStatus";

const sent = { kind: "gallery", status: "sent", updated: "2026-11-28 04:00:00.000Z", error: "" } as const;

describe("gallery email status", () => {
  it("says queued only offline, sending online", () => {
    expect(emailStatusLine(true, false, null)).toEqual({ text: "Gallery email queued. It goes out with the link and access code when this device syncs.", isPending: true });
    expect(emailStatusLine(true, true, null)).toEqual({ text: "Sending the gallery email…", isPending: true });
  });

  it("says what the server did once it has the request", () => {
    const line = emailStatusLine(false, true, sent);
    expect(line?.isPending).toBe(false);
    expect(line?.text).toMatch(/^Gallery email: sent /);
    expect(emailStatusLine(false, true, null)).toBeNull();
  });

  it("toasts 'queued' when the request waits offline, and nothing online (the panel follows the sending)", () => {
    expect(emailRequestedToast(false)?.title).toBe("Gallery email queued");
    expect(emailRequestedToast(true)).toBeNull();
  });
});
