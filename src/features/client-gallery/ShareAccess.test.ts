/**
 * "Copy Access Message" for a gallery the server does not have yet (issue 37): the link it would copy opens
 * "Gallery Not Found" until the device syncs the client, or its new link or code; other pending edits leave
 * the link as good as it is.
 */
import { describe, expect, it } from "vitest";
import { linkNotOnServer } from "./ShareAccess";

describe("access message before the sync", () => {
  it("is not on the server while the client's creation, link or code waits in the outbox", () => {
    expect(linkNotOnServer([{ op: "create", fields: { name: "Ada", accessUrl: "ada", accessCode: "ABC123" } }])).toBe(true);
    expect(linkNotOnServer([{ op: "update", fields: { accessCode: "NEW123" } }])).toBe(true);
    expect(linkNotOnServer([{ op: "update", fields: { accessUrl: "ada-2" } }])).toBe(true);
  });

  it("is on the server when nothing, or only another field, waits", () => {
    expect(linkNotOnServer([])).toBe(false);
    expect(linkNotOnServer([{ op: "update", fields: { notes: "call back", galleryEmailAt: 1 } }])).toBe(false);
  });
});
