import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32 } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { extractEntry, readZipDirectory } from "./readZip";
import { writeZip, type ZipWorkerSource } from "./writeZip";
import { writeZipToFile } from "./zipToFile";

const progress = { item: () => undefined, total: () => undefined };

/** The zip writeZipToFile writes, and it closes the file once. */
async function writtenToFile(sources: ZipWorkerSource[]): Promise<Blob> {
  const writes: Blob[] = [];
  let closes = 0;
  const file = new WritableStream<Blob>({ write: (blob) => void writes.push(blob), close: () => void closes++ });
  await writeZipToFile(sources, progress, file as unknown as FileSystemWritableFileStream);
  expect(closes).toBe(1);
  expect(writes.every((w) => w instanceof Blob)).toBe(true);
  return new Blob(writes);
}

describe("the visitor's zip", () => {
  it("writes every entry as one plain, safe name, never a path", async () => {
    const names = ["../../x.jpg", "..\\..\\Windows\\win.jpg", "/etc/passwd.jpg", "evil\u0000.jpg", "x.jpg", "C:x.jpg"];
    const sources = names.map((name, i) => ({ id: String(i), name, blob: new Blob([new Uint8Array([i, 1, 2, 3])]) }));
    const zip = await new Response(writeZip(sources, progress)).blob();
    const entries = await readZipDirectory(zip); // refuses any entry that climbs out or is absolute
    expect(entries.map((e) => e.name)).toEqual(["x.jpg", "Windows_win.jpg", "etc_passwd.jpg", "evil.jpg", "x (2).jpg", "C_x.jpg"]);
  });

  it("puts a file in its set's folder, one safe level deep, names unique per folder (issue 26)", async () => {
    const files = [
      { name: "a.jpg", folder: "Ceremony" },
      { name: "a.jpg", folder: "Ceremony" },
      { name: "a.jpg", folder: "Party" },
      { name: "a.jpg" },
      { name: "b.jpg", folder: "../../Vows/Rings" },
    ];
    const sources = files.map((f, i) => ({ id: String(i), ...f, blob: new Blob([new Uint8Array([i])]) }));
    const entries = await readZipDirectory(await new Response(writeZip(sources, progress)).blob());
    expect(entries.map((e) => e.path)).toEqual(["Ceremony/a.jpg", "Ceremony/a (2).jpg", "Party/a.jpg", "a.jpg", "Vows_Rings/b.jpg"]);
  });

  it("keeps every byte of fetched files, read whole or streamed, larger and smaller than a chunk", async () => {
    const files = [3 * 1024 * 1024 + 7, 100, 2 * 1024 * 1024, 5].map((n, i) => Uint8Array.from({ length: n }, (_, k) => (k * 31 + i) & 255));
    // Files 0 and 1 with a Content-Length (read whole), 2 and 3 without (streamed).
    const server = createServer((req, res) => {
      const i = Number(req.url!.slice(1));
      if (i < 2) res.setHeader("Content-Length", files[i]!.length);
      res.end(files[i]);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const sources = files.map((f, i) => ({ id: String(i), name: `f${i}.jpg`, url: `${base}/${i}`, crc32: i % 2 ? undefined : crc32(f).toString(16).padStart(8, "0") }));
      // As the download worker hands it on (1 MB pieces), as the service worker does (pieces as they come),
      // and as written into a chosen file (Blobs).
      const made = [() => new Response(writeZip(sources, progress)).blob(), () => new Response(writeZip(sources, progress, 0)).blob(), () => writtenToFile(sources)];
      for (const make of made) {
        const zip = await make();
        const entries = await readZipDirectory(zip);
        expect(entries.map((e) => e.name)).toEqual(["f0.jpg", "f1.jpg", "f2.jpg", "f3.jpg"]);
        for (const [i, entry] of entries.entries()) expect(Buffer.from(await (await extractEntry(zip, entry)).arrayBuffer()).equals(Buffer.from(files[i]!))).toBe(true);
      }
    } finally {
      server.close();
    }
  });

  it("fetches its files past the browser's HTTP cache (a zip's gigabyte is never written into it)", async () => {
    const fetched = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(new Uint8Array([1, 2, 3]), { headers: { "Content-Length": "3" } }));
    try {
      await writtenToFile([{ id: "1", name: "a.jpg", url: "/api/gallery/image/1?download=original" }]);
      expect(fetched.mock.calls.map(([, init]) => init?.cache)).toEqual(["no-store"]);
    } finally {
      fetched.mockRestore();
    }
  });
});

describe("the zip written into a chosen file", () => {
  it("aborts the file, leaving it as it was, when the zip fails", async () => {
    const failing = new Blob([new Uint8Array(8)]);
    Object.defineProperty(failing, "stream", { value: () => new ReadableStream({ pull: (c) => c.error(new Error("disk gone")) }) });
    let aborted = false;
    let closed = false;
    const file = new WritableStream<Blob>({ abort: () => void (aborted = true), close: () => void (closed = true) });
    // No CRC: the Blob is read for one, and the read fails.
    await expect(writeZipToFile([{ id: "1", name: "a.jpg", blob: failing }], progress, file as unknown as FileSystemWritableFileStream)).rejects.toThrow();
    expect([aborted, closed]).toEqual([true, false]);
  });
});
