/** The gallery's look (issue 27): the gallery's own value, else the studio's, else "full" and "system"; and the app's lists are the server's. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { COVER_STYLES, TYPEFACES } from "../../../src/domain/records";
import type * as GalleryLook from "./gallery_look.js";

const require = createRequire(import.meta.url);
const look = require("./gallery_look.js") as typeof GalleryLook;

/** A record as PocketBase hands it to the hooks: only `getString` is read. */
const record = (fields: Record<string, string>) => ({ getString: (name: string) => fields[name] ?? "" });

describe("a gallery's effective look", () => {
  it("takes the gallery's own value, else the studio's, else full and system", () => {
    const studio = record({ coverStyle: "split", typefaces: "classic" });
    expect(look.lookOf(record({ coverStyle: "minimal", typefaces: "modern" }), studio)).toEqual({ coverStyle: "minimal", typefaces: "modern" });
    expect(look.lookOf(record({}), studio)).toEqual({ coverStyle: "split", typefaces: "classic" });
    expect(look.lookOf(record({}), record({}))).toEqual({ coverStyle: "full", typefaces: "system" });
    expect(look.lookOf(record({}), null)).toEqual({ coverStyle: "full", typefaces: "system" });
  });

  it("never hands on a value outside the lists", () => {
    expect(look.lookOf(record({ coverStyle: "poster", typefaces: "comic" }), record({ coverStyle: "minimal" }))).toEqual({ coverStyle: "minimal", typefaces: "system" });
  });

  it("knows the same styles and pairings as the app", () => {
    expect(look.COVER_STYLES).toEqual([...COVER_STYLES]);
    expect(look.TYPEFACES).toEqual([...TYPEFACES]);
  });
});
