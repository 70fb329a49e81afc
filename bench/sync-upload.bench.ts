/**
 * Uploading 200 images through the sync engine (record + thumbnail + preview, then the original) against
 * plain multipart uploads of the same bytes (one request per image with all three files) to the same
 * server in the same run. Goal: at least 0.8x the plain throughput.
 */
import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { encodePng } from "../scripts/lib/png.mjs";
import { newRecordId } from "../src/domain/ids";
import { createClient } from "../src/store/repositories/clients";
import { addImages } from "../src/store/repositories/images";
import { makeDevice } from "../tests/server/devices";
import { startTestServer } from "../tests/server/test-server";
import { report } from "./report";

const IMAGES = 200;

function noisePng(width: number, height: number): Blob {
  const noise = randomBytes(width * height * 3);
  return new Blob([encodePng(width, height, (x, y) => {
    const o = (y * width + x) * 3;
    return [noise[o]!, noise[o + 1]!, noise[o + 2]!, 255];
  })], { type: "image/png" });
}

it("uploads 200 images at no less than 0.8x the plain multipart throughput", async () => {
  const server = await startTestServer();
  try {
    const device = await makeDevice(server);
    const client = await createClient(device.db, { name: "Upload bench" });
    await device.sync.syncOnce();
    const original = noisePng(400, 300); // ~480 KB
    const thumbnail = noisePng(60, 45);
    const preview = noisePng(160, 120);
    const bytesPerImage = original.size + 3 * thumbnail.size + preview.size;
    const fields = { client: client.id, filename: "p.png", originalName: "p.png", fileSize: original.size, mimeType: "image/png", width: 400, height: 300, checksum: "", placeholder: "", metadata: null };

    // Reference: plain multipart uploads of the same bytes.
    const refStarted = performance.now();
    for (let i = 0; i < IMAGES; i++) {
      const form = new FormData();
      form.set("@jsonPayload", JSON.stringify({ id: newRecordId(), ...fields }));
      form.set("original", original, "p.png");
      form.set("thumbnail", thumbnail, "thumbnail.png");
      form.set("medium", thumbnail, "medium.png");
      form.set("large", thumbnail, "large.png");
      form.set("preview", preview, "preview.png");
      const res = await fetch(`${server.url}/api/collections/images/records`, { method: "POST", headers: { Authorization: device.pb.authStore.token }, body: form });
      expect(res.status).toBe(200);
    }
    const plainMs = performance.now() - refStarted;

    await addImages(device.db, Array.from({ length: IMAGES }, () => ({ fields, original, thumbnail, medium: thumbnail, large: thumbnail, preview })));
    const started = performance.now();
    const result = await device.sync.syncOnce();
    const engineMs = performance.now() - started;
    expect(result.uploads).toBeGreaterThan(IMAGES); // one PATCH per original, plus the batches of records and sizes

    const mb = (IMAGES * bytesPerImage) / 1024 / 1024;
    const ratio = plainMs / engineMs;
    report("sync upload of 200 images", { megabytes: mb, engineMBps: mb / (engineMs / 1000), plainMBps: mb / (plainMs / 1000), ratioToPlain: ratio });
  } finally {
    await server.stop();
  }
});
