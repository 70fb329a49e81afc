/**
 * Image files are judged by their bytes on the server (issue 10): the type sniffed from the bytes decides
 * acceptance and the Content-Type served, a header over 100 megapixels is refused before anything decodes
 * it, the visitor sizes have their own file-size caps, and PocketBase's `?thumb=` never decodes a studio file.
 */
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gifHeader, jpegHeader, pngBomb, pngHeader, tiffIfdAtEnd } from "./image-bytes";
import { storedNames } from "./storage-switch";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let clientId = "";
beforeAll(async () => {
  server = await startTestServer();
  const c = await server.api<{ id: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Bytes" } });
  clientId = c.body.id;
});
afterAll(async () => server?.stop());

type Files = Record<string, { bytes: Uint8Array; name: string; type?: string }>;
interface ImageRecord {
  id: string;
  original: string;
  thumbnail: string;
  collectionId: string;
  data?: Record<string, { code: string; message: string }>;
  message?: string;
}

function upload(files: Files) {
  const form = new FormData();
  form.set("client", clientId);
  form.set("originalName", "photo");
  form.set("filename", "photo");
  form.set("uploadedAt", new Date().toISOString());
  for (const [field, f] of Object.entries(files)) form.set(field, new File([new Uint8Array(f.bytes)], f.name, { type: f.type ?? "application/octet-stream" }));
  return server.api<ImageRecord>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
}

/** The real GIF bytes of a 2x2 image, which also parse as JavaScript after the header. */
const GIF = gifHeader(2, 2);
const padded = (bytes: Uint8Array, size: number) => {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
};

describe("the bytes decide the type", () => {
  it("stores a GIF named evil.js as a .gif and serves it as image/gif from every route", async () => {
    const made = await upload({ original: { bytes: GIF, name: "evil.js", type: "text/javascript" }, thumbnail: { bytes: GIF, name: "evil.js" } });
    expect(made.status).toBe(200);
    expect(made.body.original).toMatch(/\.gif$/);
    expect(made.body.thumbnail).toMatch(/\.gif$/);
    for (const query of ["", "?thumbnail=true", "?size=400"]) {
      const res = await fetch(`${server.url}/api/gallery/image/${made.body.id}${query}`, { headers: { Authorization: server.ownerToken } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    const token = await server.api<{ token: string }>("POST", "/api/files/token", { token: server.ownerToken });
    const direct = await fetch(`${server.url}/api/files/images/${made.body.id}/${made.body.original}?token=${token.body.token}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("image/gif");
  });

  it("refuses a file whose bytes are not an image the app accepts, whatever its name", async () => {
    const text = await upload({ original: { bytes: new TextEncoder().encode("alert(1)".repeat(20)), name: "photo.jpg", type: "image/jpeg" } });
    expect(text.status).toBe(400);
    // PNG's signature alone is what a quick type check looks at; the header the server reads is missing.
    const fake = await upload({ medium: { bytes: padded(Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]), 200), name: "m.png", type: "image/png" } });
    expect(fake.status).toBe(400);
    expect(fake.body.data?.medium?.code).toBe("validation_image_size_unknown");
  });
});

describe("at most 100 megapixels, read from the header", () => {
  it("accepts 10,000 x 10,000 and refuses more, with a clear message naming the field", async () => {
    expect((await upload({ original: { bytes: pngHeader(10000, 10000), name: "ok.png" } })).status).toBe(200);
    const png = await upload({ original: { bytes: pngHeader(10000, 10001), name: "big.png" } });
    expect(png.status).toBe(400);
    expect(png.body.message).toMatch(/10000 x 10001 pixels .* the limit is 100 megapixels/);
    expect(png.body.data?.original?.code).toBe("validation_too_many_pixels");
    const jpeg = await upload({ preview: { bytes: jpegHeader(12000, 9000), name: "p.jpg" } });
    expect(jpeg.status).toBe(400);
    expect(jpeg.body.data?.preview?.code).toBe("validation_too_many_pixels");
  });

  it("reads a TIFF's size from its directory after the pixel data", async () => {
    const big = await upload({ original: { bytes: tiffIfdAtEnd(12000, 9000), name: "scan.tif" } });
    expect(big.status).toBe(400);
    expect(big.body.data?.original?.code).toBe("validation_too_many_pixels");
    const fine = await upload({ original: { bytes: tiffIfdAtEnd(6000, 4000), name: "scan.tif" } });
    expect(fine.status).toBe(200);
    expect(fine.body.original).toMatch(/\.tif$/);
  });

  it("refuses an update that swaps in a pixel bomb and keeps the stored file", async () => {
    const made = await upload({ original: { bytes: pngHeader(100, 100), name: "a.png" } });
    const form = new FormData();
    form.set("original", new File([new Uint8Array(pngHeader(20000, 20000))], "b.png"));
    const res = await server.api<ImageRecord>("PATCH", `/api/collections/images/records/${made.body.id}`, { token: server.ownerToken, form });
    expect(res.status).toBe(400);
    const kept = await server.api<ImageRecord>("GET", `/api/collections/images/records/${made.body.id}`, { token: server.ownerToken });
    expect(kept.body.original).toBe(made.body.original);
  });
});

describe("file sizes of the visitor sizes", () => {
  it("caps medium (800 px) at 2 MB and large (1,600 px) at 6 MB", async () => {
    const png = pngHeader(800, 533);
    expect((await upload({ medium: { bytes: padded(png, 2 * 1024 * 1024), name: "m.png" } })).status).toBe(200);
    expect((await upload({ medium: { bytes: padded(png, 2 * 1024 * 1024 + 1), name: "m.png" } })).status).toBe(400);
    expect((await upload({ large: { bytes: padded(png, 6 * 1024 * 1024), name: "l.png" } })).status).toBe(200);
    expect((await upload({ large: { bytes: padded(png, 6 * 1024 * 1024 + 1), name: "l.png" } })).status).toBe(400);
  });
});

function rssMegabytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? 0) / 1024;
}

describe("no server-side decoding", () => {
  it("refuses ?thumb= on studio files and makes no thumbnail", async () => {
    const made = await upload({ original: { bytes: pngHeader(400, 300), name: "t.png" } });
    const token = await server.api<{ token: string }>("POST", "/api/files/token", { token: server.ownerToken });
    const res = await fetch(`${server.url}/api/files/images/${made.body.id}/${made.body.original}?thumb=100x100&token=${token.body.token}`);
    expect(res.status).toBe(400);
    expect((await storedNames(server, made.body.collectionId, made.body.id)).filter((n) => n.startsWith("thumbs_"))).toEqual([]);
  });

  it("refuses three 14,000 x 14,000 PNG bombs sent at once, and the server stays under 300 MB", async () => {
    const bomb = await pngBomb(14000, 14000);
    let peak = rssMegabytes(server.pid());
    const sampler = setInterval(() => (peak = Math.max(peak, rssMegabytes(server.pid()))), 5);
    try {
      const answers = await Promise.all(["a", "b", "c"].map((n) => upload({ original: { bytes: bomb, name: `${n}.png`, type: "image/png" } })));
      for (const a of answers) {
        expect(a.status).toBe(400);
        expect(a.body.data?.original?.code).toBe("validation_too_many_pixels");
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, rssMegabytes(server.pid()));
    expect(peak).toBeLessThan(300);
    expect(existsSync(`/proc/${server.pid()}`)).toBe(true);
  });
});
