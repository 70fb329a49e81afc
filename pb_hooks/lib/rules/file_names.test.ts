import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { safeFileName as appSafeFileName } from "../../../src/lib/safe-file-name";
import type * as Names from "./file_names.js";

const require = createRequire(import.meta.url);
const server = require("./file_names.js") as typeof Names;

const NASTY = [
  "../../x.jpg",
  "..\\..\\windows\\x.jpg",
  "/etc/passwd",
  "C:\\Users\\a.jpg",
  "C:x.jpg",
  "a/b.jpg",
  "x..jpg",
  "...",
  "..",
  ".hidden.jpg",
  "evil\u0000.jpg",
  "line\r\nbreak.jpg",
  "photo\u202egpj.exe",
  'what?*"<>|.jpg',
  "  spaced .jpg. ",
  "",
  "IMG_0001.JPG",
  "Hochzeit Müller – 001.jpg",
  "😀".repeat(300) + ".jpg",
  "a".repeat(400),
];

describe("safe file names", () => {
  it("leaves one plain name: no separators, no '..', no control characters", () => {
    expect(server.safeFileName("../../x.jpg")).toBe("x.jpg");
    expect(server.safeFileName("..\\..\\windows\\x.jpg")).toBe("windows_x.jpg");
    expect(server.safeFileName("a/b.jpg")).toBe("a_b.jpg");
    expect(server.safeFileName("evil\u0000.jpg")).toBe("evil.jpg");
    expect(server.safeFileName("x..jpg")).toBe("x.jpg");
    expect(server.safeFileName("..")).toBe("image");
    expect(server.safeFileName(".hidden.jpg")).toBe("hidden.jpg");
    expect(server.safeFileName("IMG_0001.JPG")).toBe("IMG_0001.JPG");
    expect(server.safeFileName("Hochzeit Müller – 001.jpg")).toBe("Hochzeit Müller – 001.jpg");
    for (const name of NASTY) {
      const safe = server.safeFileName(name);
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      expect(safe).not.toMatch(/[\\/]|\.\.|[\u0000-\u001f\u007f]|^\./);
      expect(Array.from(safe).length).toBeLessThanOrEqual(255);
      expect(server.safeFileName(safe)).toBe(safe); // stable: a stored name never changes again
    }
    expect(server.safeFileName("a".repeat(300) + ".jpg")).toMatch(/^a{251}\.jpg$/);
  });

  it("reaches the app's zip writer as the same function (imported through the hooksContract plugin)", () => {
    for (const name of NASTY) expect(appSafeFileName(name)).toBe(server.safeFileName(name));
  });
});
