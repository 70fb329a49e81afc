import { describe, expect, it } from "vitest";
import { extensionForType } from "./image-formats";

describe("image formats", () => {
  it("name a blob's file by its type", () => {
    expect(extensionForType("image/jpeg")).toBe("jpg");
    expect(extensionForType("image/webp")).toBe("webp");
    expect(extensionForType("image/tiff")).toBe("tif");
    expect(extensionForType("application/octet-stream")).toBe("bin");
  });
});
