/** The server's and the app's original limit agree (issue 25): 20 MB by default, the studio's 1-200 MB. */
import { describe, expect, it } from "vitest";
import { originalLimitBytes as appLimit } from "../../../src/domain/original-limit";
import { originalLimitBytes, tooLargeMessage } from "./original_limit.js";

describe("original limit", () => {
  it("is 20 MB by default and the studio's setting from 1 to 200 MB, in the app and on the server", () => {
    for (const [mb, bytes] of [[undefined, 20971520], [0, 20971520], [45, 45 * 1048576], [200, 200 * 1048576], [201, 20971520], [2.5, 20971520]] as const) {
      expect(originalLimitBytes(mb)).toBe(bytes);
      expect(appLimit({ maxOriginalMB: mb })).toBe(bytes);
    }
  });

  it("says what to do", () => {
    expect(tooLargeMessage(45 * 1048576, 20971520)).toBe(
      "This original is 45 MB; the studio accepts originals up to 20 MB. Raise 'Largest original' in Settings > General (up to 200 MB), or export the photo as a smaller JPEG.",
    );
  });
});
