/**
 * Where a visitor's first request spends its time on the server, for a 2,000-image gallery: in alternating
 * rounds on one real PocketBase, the gallery's info alone, info with the first 100 images (what the page
 * now preloads), the page of 100 images, the whole list (2,000), one thumbnail, and, as the same-run
 * reference, info with the first images of a 12-image gallery. Printed: the median of each (ms, from the
 * request to the end of the body on loopback) and the ratios against the reference.
 */
import { it } from "vitest";
import { encodePng } from "../scripts/lib/png.mjs";
import { report } from "./report";
import { startTestServer, type TestServer } from "../tests/server/test-server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

async function seed(server: TestServer, count: number) {
  const made = await server.api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Bench" } });
  const png = encodePng(16, 12, (x, y) => [x * 9, y * 11, 90, 255]);
  let first = "";
  for (let start = 0; start < count; start += 50) {
    const form = new FormData();
    const requests = [];
    for (let i = start; i < Math.min(count, start + 50); i++) {
      requests.push({ method: "POST", url: "/api/collections/images/records", body: { client: made.body.id, filename: `IMG_${i}.png`, originalName: `IMG_${i}.png`, fileSize: png.length, mimeType: "image/png", width: 16, height: 12, uploadedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString() } });
      form.set(`requests.${i - start}.thumbnail`, new File([new Uint8Array(png)], "thumbnail.png", { type: "image/png" }));
      form.set(`requests.${i - start}.original`, new File([new Uint8Array(png)], `IMG_${i}.png`, { type: "image/png" }));
    }
    form.set("@jsonPayload", JSON.stringify({ requests }));
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${server.url}/api/batch`, { method: "POST", headers: { Authorization: server.ownerToken }, body: form });
      if (res.ok) {
        first ||= ((await res.json()) as Array<{ body: { id: string } }>)[0]!.body.id;
        break;
      }
      if (attempt === 4) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 3000));
    }
    await new Promise((r) => setTimeout(r, 600)); // the limiter counts each record of a batch
  }
  const r = await server.api("POST", `/api/gallery/${made.body.accessUrl}/verify`, { json: { accessCode: made.body.accessCode } });
  return { accessUrl: made.body.accessUrl, first, cookie: r.headers.get("set-cookie")!.split(";")[0]! };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

it("answers a 2,000-image gallery's first request about as fast as a 12-image one's", async () => {
  const server = await startTestServer();
  try {
    const big = await seed(server, 2000);
    const small = await seed(server, 12);
    const timed = async (cookie: string, path: string) => {
      const t = performance.now();
      const res = await fetch(server.url + path, { headers: { Cookie: cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return performance.now() - t;
    };
    const routes: Record<string, [typeof big, string]> = {
      reference_12_info_first_100: [small, `/api/gallery/${small.accessUrl}?first=100`],
      info: [big, `/api/gallery/${big.accessUrl}`],
      info_first_100: [big, `/api/gallery/${big.accessUrl}?first=100`],
      page_100: [big, `/api/gallery/${big.accessUrl}/images?page=1&limit=100`],
      all_2000: [big, `/api/gallery/${big.accessUrl}/all-images`],
      thumbnail: [big, `/api/gallery/image/${big.first}?thumbnail=true`],
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(routes).map((k) => [k, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, [side, path]] of Object.entries(routes)) times[name]!.push(await timed(side.cookie, path));
    }
    const ref = median(times.reference_12_info_first_100!);
    const figures: Record<string, number> = {};
    for (const [name, xs] of Object.entries(times)) {
      figures[`${name}_ms`] = median(xs);
      if (name !== "reference_12_info_first_100") figures[`${name}_ratio_vs_12`] = median(xs) / ref;
    }
    report("gallery-api", figures);
  } finally {
    await server.stop();
  }
}, 1_800_000);
