/**
 * The stored-entry writer: byte for byte what client-zip writes for the same files (so zips are unchanged),
 * with and without known CRCs, and `unzip -t` finds every CRC right.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 as zlibCrc32 } from "node:zlib";
import { makeZip } from "client-zip";
import { describe, expect, it } from "vitest";
import { makeStoredZip, storedZipParts, type StoredEntry } from "./storedZip";

const bytesOf = (n: number, seed: number) => {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) out[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
};

const files = [
  { name: "IMG_0001.jpg", data: bytesOf(300_000, 1) },
  { name: "Hochzeit – Café.jpg", data: bytesOf(70_001, 2) },
  { name: "empty.jpg", data: new Uint8Array(0) },
  { name: "streamed.jpg", data: bytesOf(200_003, 3), response: true },
  { name: "held.jpg", data: bytesOf(150_007, 4), held: true },
];
const date = new Date(2026, 5, 1, 14, 30, 12);

async function* entries(withCrc: boolean): AsyncGenerator<StoredEntry> {
  for (const f of files) {
    const input = f.held ? f.data : f.response ? new Response(new Blob([f.data as BlobPart]).stream()) : new Blob([f.data as BlobPart]);
    yield { name: f.name, input, lastModified: date, crc: withCrc ? zlibCrc32(f.data) : undefined };
  }
}

async function* clientZipEntries() {
  for (const f of files) {
    const input = f.response ? new Response(new Blob([f.data as BlobPart]).stream()) : new Blob([f.data as BlobPart]);
    yield { name: f.name, input, lastModified: date };
  }
}

const collect = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
/** A short, comparable digest of a zip (deep equality of large arrays is slow). */
const digest = (bytes: Uint8Array) => `${bytes.length}:${createHash("sha256").update(bytes).digest("hex")}`;

describe("makeStoredZip", () => {
  it("writes the same bytes as client-zip, with known CRCs or computing them, from Blobs, responses and bytes held", async () => {
    const reference = digest(await collect(makeZip(clientZipEntries()) as ReadableStream<Uint8Array>));
    expect(digest(await collect(makeStoredZip(entries(true))))).toBe(reference);
    expect(digest(await collect(makeStoredZip(entries(false))))).toBe(reference);
  });

  it("as parts with Blobs kept (the chosen file's writer), makes the same bytes, the Blob entries passed on as they are", async () => {
    const reference = digest(await collect(makeZip(clientZipEntries()) as ReadableStream<Uint8Array>));
    for (const withCrc of [true, false]) {
      const parts: Array<Uint8Array | Blob> = [];
      for await (const part of storedZipParts(entries(withCrc))) parts.push(part);
      expect(parts.filter((p) => p instanceof Blob)).toHaveLength(files.filter((f) => !f.held && !f.response).length);
      expect(digest(new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer()))).toBe(reference);
    }
  });

  it("passes unzip -t with every CRC checked", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "stored-zip-"));
    try {
      const file = path.join(dir, "gallery.zip");
      writeFileSync(file, await collect(makeStoredZip(entries(true))));
      const out = execFileSync("unzip", ["-t", file], { encoding: "utf8" });
      expect(out).toContain("No errors detected");
      expect(out.match(/OK$/gm)).toHaveLength(files.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("copies a wrong CRC as given (which is why the server checks it when the original arrives)", async () => {
    const bad: StoredEntry = { name: "a.jpg", input: new Blob([bytesOf(1000, 9) as BlobPart]), lastModified: date, crc: 0x12345678 };
    const zip = await collect(makeStoredZip((async function* () { yield bad; })()));
    const view = new DataView(zip.buffer);
    expect(view.getUint32(30 + 5 + 1000 + 4, true)).toBe(0x12345678);
  });
});
