import { describe, expect, it } from "vitest";
import { ZipError, extractEntry, isJunkEntry, readZipDirectory } from "./readZip";
import { buildZip } from "./test-zip";

const blobOf = (bytes: Uint8Array) => new Blob([bytes as BlobPart]);
const photoBytes = (n: number, seed = 7) => {
  // Incompressible, like a JPEG's entropy-coded data.
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) out[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
};

async function rejection(bytes: Uint8Array): Promise<ZipError> {
  const err = await readZipDirectory(blobOf(bytes)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ZipError);
  return err as ZipError;
}

describe("readZipDirectory", () => {
  it("lists files and folders of an honest archive and extracts them byte for byte", async () => {
    const a = photoBytes(300_000, 1);
    const b = photoBytes(1000, 2);
    const zip = blobOf(buildZip([{ path: "wedding/" }, { path: "wedding/a.jpg", data: a, deflate: true }, { path: "b.jpg", data: b }]));
    const entries = await readZipDirectory(zip);
    expect(entries.map((e) => [e.name, e.isDirectory])).toEqual([["wedding", true], ["a.jpg", false], ["b.jpg", false]]);
    // Buffer.equals, not toEqual: a deep compare of 300,000 numbers takes seconds on a loaded machine.
    expect(Buffer.from(await (await extractEntry(zip, entries[1]!)).arrayBuffer()).equals(a)).toBe(true);
    expect(Buffer.from(await (await extractEntry(zip, entries[2]!)).arrayBuffer()).equals(b)).toBe(true);
  });

  it("refuses paths that climb out of the archive or are absolute", async () => {
    expect((await rejection(buildZip([{ path: "ok.jpg", data: photoBytes(10) }, { path: "../../etc/passwd.jpg", data: photoBytes(10) }]))).code).toBe("unsafe-path");
    expect((await rejection(buildZip([{ path: "/abs.jpg", data: photoBytes(10) }]))).code).toBe("unsafe-path");
    expect((await rejection(buildZip([{ path: "a\\..\\..\\b.jpg", data: photoBytes(10) }]))).code).toBe("unsafe-path");
    expect((await rejection(buildZip([{ path: "C:/Windows/x.jpg", data: photoBytes(10) }]))).code).toBe("unsafe-path");
  });

  it("refuses symbolic links", async () => {
    const err = await rejection(buildZip([{ path: "photo.jpg", data: new TextEncoder().encode("/etc/shadow"), unixMode: 0o120777 }]));
    expect(err.code).toBe("symlink");
    expect(err.message).toContain("photo.jpg");
  });

  it("refuses a ratio bomb before inflating anything", async () => {
    const zeros = new Uint8Array(50 * 1024 * 1024);
    const err = await rejection(buildZip([{ path: "bomb.jpg", data: zeros, deflate: true }]));
    expect(err.code).toBe("ratio");
  });

  it("refuses an entry that inflates past the size it declares", async () => {
    const zeros = new Uint8Array(2 * 1024 * 1024);
    const zip = blobOf(buildZip([{ path: "liar.jpg", data: zeros, deflate: true, declaredSize: 1000 }]));
    const [entry] = await readZipDirectory(zip);
    const err = await extractEntry(zip, entry!).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZipError);
    expect((err as ZipError).code).toBe("ratio");
  });

  it("refuses too many entries and too much data", async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ path: `f${i}.jpg`, data: photoBytes(4, i) }));
    expect((await readZipDirectory(blobOf(buildZip(many)), { maxEntries: 10, maxTotalBytes: 1e9, maxRatio: 100 }).catch((e: ZipError) => e.code))).toBe("too-many-entries");
    const tenThousandAndOne = Array.from({ length: 10_001 }, (_, i) => ({ path: `f${i}.txt` }));
    expect((await rejection(buildZip(tenThousandAndOne))).code).toBe("too-many-entries");
    const big = [{ path: "a.jpg", data: photoBytes(10), declaredSize: 1.5 * 1024 ** 3 }, { path: "b.jpg", data: photoBytes(10), declaredSize: 1.5 * 1024 ** 3 }];
    expect((await rejection(buildZip(big))).code).toBe("too-large");
  });

  it("detects a damaged entry by its checksum and a file that is no zip at all", async () => {
    const bytes = buildZip([{ path: "a.jpg", data: photoBytes(1000) }]);
    bytes[40] = bytes[40]! ^ 0xff; // flip a byte of the stored data
    const zip = blobOf(bytes);
    const [entry] = await readZipDirectory(zip);
    expect((await extractEntry(zip, entry!).catch((e: ZipError) => e.code))).toBe("corrupt");
    expect((await rejection(photoBytes(5000))).code).toBe("not-a-zip");
  });

  it("treats folders, macOS forks and hidden files as junk", async () => {
    const zip = blobOf(buildZip([{ path: "x/" }, { path: "__MACOSX/._a.jpg", data: photoBytes(5) }, { path: "x/.DS_Store", data: photoBytes(5) }, { path: "x/a.jpg", data: photoBytes(5) }]));
    const kept = (await readZipDirectory(zip)).filter((e) => !isJunkEntry(e)).map((e) => e.path);
    expect(kept).toEqual(["x/a.jpg"]);
  });
});
