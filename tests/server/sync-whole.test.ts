/**
 * Images sent whole on a fast link (issue 28), against the real PocketBase: one request per image with its
 * record, every size and the original (and its full-size JPEG); an upload cut halfway leaves nothing on the server and goes whole
 * again; an answer lost on the way back neither duplicates the photo nor sends it again; a whole create
 * the server refuses goes step by step instead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/store/repositories/clients";
import { addImages } from "../../src/store/repositories/images";
import { makeDevice, serverRecords } from "./devices";
import { jpegHeader } from "./image-bytes";
import { imageInput, png } from "./sync-images";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

interface StoredImage {
  id: string;
  original: string;
  thumbnail: string;
  medium: string;
  large: string;
  preview: string;
}

const IMAGES = "/api/collections/images/records";
type Kind = "whole" | "batch" | "patch";

/**
 * Logs the engine's upload requests by kind; `answer` may answer one itself (or throw), given the real
 * answer's maker. With `pulls`, the pull's read of the clients is logged too ("pull").
 */
function logUploads(answer?: (kind: Kind, send: () => Promise<Response>) => Promise<Response> | null, { pulls = false } = {}) {
  const real = globalThis.fetch;
  const log: Array<Kind | "pull"> = [];
  let inFlight = 0;
  let most = 0;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? "GET";
    const kind: Kind | null = url.pathname === "/api/batch" ? "batch" : method === "PATCH" ? "patch" : method === "POST" && url.pathname === IMAGES ? "whole" : null;
    if (pulls && method === "GET" && url.pathname === "/api/collections/clients/records") log.push("pull");
    if (!kind) return real(input, init);
    log.push(kind);
    most = Math.max(most, ++inFlight);
    try {
      return await (answer?.(kind, () => real(input, init)) ?? real(input, init));
    } finally {
      inFlight--;
    }
  };
  return { log, most: () => most, restore: () => (globalThis.fetch = real) };
}

const complete = (r: StoredImage) => Boolean(r.original && r.thumbnail && r.medium && r.large && r.preview);

/** The server holds each of `images` once with every file, and the device no longer keeps their original, medium and large. */
async function expectAllOnServer(device: Awaited<ReturnType<typeof makeDevice>>, clientId: string, images: Array<{ id: string }>) {
  const stored = await serverRecords<StoredImage>(server, "images", `client='${clientId}'`);
  expect(stored.map((r) => r.id).sort()).toEqual(images.map((i) => i.id).sort());
  expect(stored.every(complete)).toBe(true);
  for (const image of images) {
    const blobs = await device.db.imageBlobs.get(image.id);
    expect([blobs?.original, blobs?.medium, blobs?.large]).toEqual([undefined, undefined, undefined]);
  }
}

describe("images sent whole on a fast link", () => {
  it("sends each image in one request, two at a time, and frees what the server confirmed", async () => {
    const device = await makeDevice(server, { link: "fast" });
    const client = await createClient(device.db, { name: "Whole Wanda" });
    await device.sync.syncOnce(); // the client first: its push is a batch too
    const images = await addImages(device.db, Array.from({ length: 5 }, (_, i) => imageInput(client.id, `w${i}.png`, png(200, 150, i))));
    const uploads = logUploads();
    try {
      await device.sync.syncOnce();
    } finally {
      uploads.restore();
    }
    expect(uploads.log).toEqual(images.map(() => "whole"));
    expect(uploads.most()).toBe(2);
    await expectAllOnServer(device, client.id, images);
    for (const image of images) {
      const blobs = await device.db.imageBlobs.get(image.id);
      expect(blobs?.thumbnail && blobs.preview).toBeTruthy(); // kept for offline viewing
      expect((await device.db.images.get(image.id))?.files?.original).toBeTruthy(); // "uploaded": the server's answer
    }
    expect(await device.db.outbox.count()).toBe(0);
  });

  it("sends the full-size JPEG with the original in the same request", async () => {
    const device = await makeDevice(server, { link: "fast" });
    const client = await createClient(device.db, { name: "Whole Wilma" });
    await device.sync.syncOnce(); // the client first: its push is a batch too
    const jpeg = new Blob([new Uint8Array(jpegHeader(64, 48))], { type: "image/jpeg" });
    const [image] = await addImages(device.db, [{ ...imageInput(client.id, "tiff-like.png", png(120, 80, 6)), jpeg }]);
    const uploads = logUploads();
    try {
      await device.sync.syncOnce();
    } finally {
      uploads.restore();
    }
    expect(uploads.log).toEqual(["whole"]);
    const [stored] = await serverRecords<StoredImage & { jpeg: string }>(server, "images", `id='${image!.id}'`);
    expect(complete(stored!) && stored!.jpeg).toBeTruthy();
    expect((await device.db.imageBlobs.get(image!.id))?.jpeg).toBeUndefined();
  });

  it("leaves nothing on the server when cut halfway, and sends the image whole again", async () => {
    const device = await makeDevice(server, { link: "fast" });
    const client = await createClient(device.db, { name: "Whole Walt" });
    await device.sync.syncOnce(); // the client first: its push is a batch too
    const original = png(1400, 1000, 9); // ~5.6 MB that do not compress
    const [image] = await addImages(device.db, [imageInput(client.id, "cut.png", original)]);
    const abort = new AbortController();
    const unsubscribe = device.sync.status.subscribe(() => {
      const upload = device.sync.status.get().uploads.find((u) => u.imageId === image!.id);
      if (upload && upload.total > 1_000_000 && upload.loaded >= upload.total / 2) abort.abort();
    });
    await expect(device.sync.syncOnce(abort.signal)).rejects.toThrow();
    unsubscribe();
    expect(await serverRecords(server, "images", `id='${image!.id}'`)).toHaveLength(0);
    expect((await device.db.imageBlobs.get(image!.id))?.original?.size).toBe(original.size);
    expect((await device.db.images.get(image!.id))?.files?.original).toBeFalsy(); // never shown as uploaded
    expect(await device.db.outbox.count()).toBe(1);

    await device.sync.syncOnce();
    const stored = await serverRecords<StoredImage>(server, "images", `client='${client.id}'`);
    expect(stored).toHaveLength(1);
    expect(complete(stored[0]!)).toBe(true);
    const res = await fetch(`${server.url}/api/gallery/image/${image!.id}`, { headers: { Authorization: server.ownerToken } });
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
    expect(await device.db.outbox.count()).toBe(0);
  });

  it("confirms an image whose answer was lost without sending it again or twice", async () => {
    const device = await makeDevice(server, { link: "fast" });
    const client = await createClient(device.db, { name: "Whole Wim" });
    await device.sync.syncOnce(); // the client first: its push is a batch too
    const [image] = await addImages(device.db, [imageInput(client.id, "lost.png", png(300, 200, 4))]);
    const lost = logUploads((kind, send) =>
      kind === "whole"
        ? send().then(async (res) => {
            await res.arrayBuffer(); // the server saved it; the answer never reaches the device
            throw new TypeError("fetch failed");
          })
        : null,
    );
    try {
      await expect(device.sync.syncOnce()).rejects.toThrow();
    } finally {
      lost.restore();
    }
    expect(await serverRecords(server, "images", `id='${image!.id}'`)).toHaveLength(1);
    expect((await device.db.images.get(image!.id))?.files?.original).toBeFalsy(); // no answer, so not "uploaded" yet
    expect((await device.db.imageBlobs.get(image!.id))?.original).toBeDefined();

    const retry = logUploads();
    try {
      await device.sync.syncOnce();
    } finally {
      retry.restore();
    }
    expect(retry.log).toEqual(["whole"]); // refused as a duplicate, then confirmed from the server's record
    const stored = await serverRecords<StoredImage>(server, "images", `client='${client.id}'`);
    expect(stored).toHaveLength(1);
    expect(complete(stored[0]!)).toBe(true);
    expect((await device.db.images.get(image!.id))?.files?.original).toBeTruthy();
    expect((await device.db.imageBlobs.get(image!.id))?.original).toBeUndefined();
    expect(await device.db.outbox.count()).toBe(0);
  });

  it("on a link not measured yet, sends the first batch of records alone before the pull, and once it found the link fast the rest whole", async () => {
    const device = await makeDevice(server); // a new device: the link is unknown
    const client = await createClient(device.db, { name: "Whole Una" });
    await device.sync.syncOnce(); // the client first: its push is a batch too
    // Previews of 1.4 MB: a batch takes one (2 MB at most), enough to measure the link.
    const inputs = Array.from({ length: 3 }, (_, i) => ({ ...imageInput(client.id, `u${i}.png`, png(200, 150, i)), preview: png(600, 600, i) }));
    const images = await addImages(device.db, inputs);
    const uploads = logUploads(undefined, { pulls: true });
    try {
      await device.sync.syncOnce();
    } finally {
      uploads.restore();
    }
    // Not a second batch beside the first: the rest go whole; the first image's medium and large go with
    // its original; all of it before the pull (back from a shoot, the photos go first).
    expect(uploads.log).toEqual(["batch", "whole", "whole", "patch", "pull"]);
    await expectAllOnServer(device, client.id, images);
    expect(await device.db.outbox.count()).toBe(0);
  });

  it("sends an image step by step when the server refuses it whole", async () => {
    const device = await makeDevice(server, { link: "fast" });
    const client = await createClient(device.db, { name: "Whole Wes" });
    await device.sync.syncOnce(); // the client first: its push is a batch too
    const [image] = await addImages(device.db, [imageInput(client.id, "refused.png", png(300, 200, 5))]);
    const uploads = logUploads((kind) =>
      kind === "whole" ? Promise.resolve(new Response(JSON.stringify({ message: "Failed to create record.", data: {} }), { status: 400, headers: { "Content-Type": "application/json" } })) : null,
    );
    try {
      await device.sync.syncOnce();
    } finally {
      uploads.restore();
    }
    expect(uploads.log).toEqual(["whole", "batch", "patch"]); // the record with thumbnail and preview; the original with medium and large (a fast link)
    const stored = await serverRecords<StoredImage>(server, "images", `id='${image!.id}'`);
    expect(stored).toHaveLength(1);
    expect(complete(stored[0]!)).toBe(true);
    expect(await device.db.outbox.count()).toBe(0);
  });
});
