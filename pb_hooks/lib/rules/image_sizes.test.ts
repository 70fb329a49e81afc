import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as Sizes from "./image_sizes.js";

const require = createRequire(import.meta.url);
const sizes = require("./image_sizes.js") as typeof Sizes;

describe("image sizes served", () => {
  it("reads a size by its long edge or its name, and keeps the first release's flags", () => {
    expect(sizes.requestedField({ size: "800" })).toBe("medium");
    expect(sizes.requestedField({ size: "large" })).toBe("large");
    expect(sizes.requestedField({ thumbnail: "true" })).toBe("thumbnail");
    expect(sizes.requestedField({ preview: "true" })).toBe("preview");
    expect(sizes.requestedField({})).toBe("original");
    expect(sizes.requestedField({ size: "original" })).toBeNull();
    expect(sizes.requestedField({ size: "999" })).toBeNull();
  });
  it("answers an image from before the new sizes with the nearest larger size, then smaller", () => {
    const old = (f: string) => f === "thumbnail" || f === "preview" || f === "original";
    expect(sizes.servedField("medium", old)).toBe("preview");
    expect(sizes.servedField("large", old)).toBe("preview");
    const onlyThumb = (f: string) => f === "thumbnail";
    expect(sizes.servedField("large", onlyThumb)).toBe("thumbnail");
    expect(sizes.servedField("original", onlyThumb)).toBeNull();
    expect(sizes.availableEdges(old)).toEqual([400, 2048]);
    expect(sizes.fileFor({ size: "800" }, old)).toBe("preview");
    // The first release's flags answer exactly their file.
    expect(sizes.fileFor({ preview: "true" }, onlyThumb)).toBeNull();
    expect(sizes.fileFor({ thumbnail: "true" }, onlyThumb)).toBe("thumbnail");
  });
  it("plays a clip's web version, or its original only while it has none (issue 38)", () => {
    const all = (f: string) => f === "original" || f === "webVideo";
    const noWeb = (f: string) => f === "original";
    expect(sizes.videoFileFor("web", { kind: "video", webStatus: "made" }, all)).toBe("webVideo");
    expect(sizes.videoFileFor("web", { kind: "video", webStatus: "made" }, noWeb)).toBeNull(); // not uploaded yet
    expect(sizes.videoFileFor("web", { kind: "video", webStatus: "original" }, noWeb)).toBe("original");
    expect(sizes.videoFileFor("web", { kind: "video", webStatus: "unsupported" }, noWeb)).toBeNull();
    expect(sizes.videoFileFor("original", { kind: "video", webStatus: "unsupported" }, noWeb)).toBe("original");
    expect(sizes.videoFileFor("original", { kind: "video", webStatus: "" }, noWeb)).toBe("original");
    expect(sizes.videoFileFor("original", { kind: "video", webStatus: "made" }, all)).toBeNull();
    expect(sizes.videoFileFor("web", { kind: "", webStatus: "made" }, all)).toBeNull(); // a photo
    expect(sizes.videoFileFor("poster", { kind: "video", webStatus: "made" }, all)).toBeNull();
  });
});
