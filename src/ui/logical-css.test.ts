/**
 * Layout in logical CSS properties (issue 27): right-to-left languages are not required yet, but a
 * stylesheet that says "start" and "end" instead of "left" and "right" lets them come without a rewrite.
 * Fails on a physical side in any stylesheet under src/, except a box centred with `left: 50%` and
 * `translateX(-50%)`, which is the same in both directions.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "..");
const PHYSICAL = /(?:^|[^-\w])((?:margin|padding|border)-(?:left|right)|left|right)\s*:|text-align:\s*(?:left|right)|float:\s*(?:left|right)/;

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? stylesheets(full) : entry.name.endsWith(".css") ? [full] : [];
  });
}

/** Each `file:line: text` whose declarations name a physical side. */
function physicalSides(css: string, file: string): string[] {
  return css.split("\n").flatMap((line, i) => {
    const centred = /left:\s*50%/.test(line) && /translateX\(-50%\)/.test(line);
    const rest = centred ? line.replace(/left:\s*50%/, "") : line;
    return PHYSICAL.test(rest) ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim().slice(0, 80)}`] : [];
  });
}

describe("stylesheets", () => {
  it("use logical sides (inline-start and inline-end), not left and right", () => {
    const files = stylesheets(SRC);
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => physicalSides(readFileSync(file, "utf8"), file))).toEqual([]);
  });

  it("would name a physical side", () => {
    expect(physicalSides(".a { margin-left: 1rem; }\n.b { position: absolute; right: 0; }\n.c { left: 50%; transform: translateX(-50%); }", "x.css")).toHaveLength(2);
  });
});
