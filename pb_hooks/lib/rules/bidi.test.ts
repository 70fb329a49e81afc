/** Text a visitor or a device stores for the owner's screens loses the controls that reverse what follows them. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { stripBidiControls } = require("./bidi.js") as { stripBidiControls: (text: unknown) => string };

describe("stripBidiControls", () => {
  it("removes every embedding, override and isolate control, wherever it stands", () => {
    expect(stripBidiControls("photo\u202egpj.exe")).toBe("photogpj.exe");
    const controls = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
    expect(stripBidiControls(controls.map((c, i) => c + i).join(""))).toBe("012345678");
  });

  it("keeps the direction marks and right-to-left text as written", () => {
    expect(stripBidiControls("\u200fשלום\u200e Anna")).toBe("\u200fשלום\u200e Anna");
  });

  it("writes what it is given as text", () => {
    expect(stripBidiControls(42)).toBe("42");
  });
});
