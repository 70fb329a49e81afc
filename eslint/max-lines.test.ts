/** The 300-line rule can't silently lapse: ESLint refuses a 301-line file in every folder it covers. */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

const FILES = [
  "src/features/clients/x.fixture.tsx",
  "src/sync/x.fixture.ts",
  "workers/image/x.fixture.ts",
  "pb_hooks/lib/core/x_fixture.js",
  "scripts/lib/x.fixture.mjs",
  "tests/server/x.fixture.test.ts",
  "e2e/x.fixture.test.ts",
  "bench/x.fixture.bench.ts",
];

async function maxLinesMessages(filePath: string, lines: number): Promise<string[]> {
  const code = Array.from({ length: lines }, (_, i) => `export const line${i} = ${i};`).join("\n") + "\n";
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "max-lines").map((m) => m.message);
}

describe("the 300-line rule", { timeout: 60_000 }, () => {
  it.each(FILES)("refuses 301 lines in %s", async (file) => {
    expect(await maxLinesMessages(file, 301)).toEqual([expect.stringMatching(/Maximum allowed is 300/)]);
  });

  it.each(FILES)("accepts 300 lines in %s", async (file) => {
    expect(await maxLinesMessages(file, 300)).toEqual([]);
  });
});
