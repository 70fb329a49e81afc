import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { extensionForType, IMAGE_FORMATS } from "./image-formats";

const server = createRequire(import.meta.url)("../../pb_hooks/lib/image_guard.js") as { FORMATS: unknown };

describe("image formats", () => {
  it("are the same table in the app and on the server", () => {
    expect(IMAGE_FORMATS).toEqual(server.FORMATS);
  });

  it("name a blob's file by its type", () => {
    expect(extensionForType("image/jpeg")).toBe("jpg");
    expect(extensionForType("image/webp")).toBe("webp");
    expect(extensionForType("image/tiff")).toBe("tif");
    expect(extensionForType("application/octet-stream")).toBe("bin");
  });
});
