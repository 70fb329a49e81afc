/** The visitor's small validator (issue 43) behaves as the zod schemas it replaced did. */
import { describe, expect, it } from "vitest";
import * as g from "./guards";

const Image = g.object({
  id: g.string(),
  width: g.optional(g.number()),
  sizes: g.withDefault(g.array(g.number()), []),
  theme: g.withDefault(g.orElse(g.enumOf(["light", "dark"]), "light"), "light"),
  studio: g.nullable(g.object({ name: g.string() })),
  bits: g.withDefault(g.int(1, 96), 16),
});

describe("guards", () => {
  it("drops unknown keys, fills defaults, falls back on a value out of range and keeps optional keys absent", () => {
    const parsed = Image.parse({ id: "a", extra: 1, theme: "sepia", studio: null });
    expect(parsed).toEqual({ id: "a", sizes: [], theme: "light", studio: null, bits: 16 });
    expect("width" in parsed).toBe(false);
    expect(Image.parse({ id: "b", width: 3, sizes: [1, 2], theme: "dark", studio: { name: "S", x: 2 }, bits: 20 })).toEqual({ id: "b", width: 3, sizes: [1, 2], theme: "dark", studio: { name: "S" }, bits: 20 });
  });

  it("refuses what does not fit, with the path of the first wrong field", () => {
    const wrong = Image.safeParse({ id: "a", studio: null, sizes: [1, "2"] });
    expect(wrong.success).toBe(false);
    if (!wrong.success) expect(wrong.error.issues[0]!.path).toEqual(["sizes", 1]);
    expect(Image.safeParse({ id: "a", studio: null, bits: 97 }).success).toBe(false);
    expect(Image.safeParse({ id: "a", studio: null, bits: 2.5 }).success).toBe(false);
    expect(Image.safeParse({ id: 1, studio: null }).success).toBe(false);
    expect(Image.safeParse(null).success).toBe(false);
    expect(() => Image.parse([])).toThrow();
  });
});
