/**
 * What counting a visitor's activity costs a visitor's request (goal: at most 5 ms more at p95). Two real
 * PocketBase servers run side by side with the same gallery: one counts (lib/handlers/activity.js), the other has
 * ACTIVITY_OFF=1, so the same request skips only the counting. Requests alternate between them in rounds
 * (the machine's noise falls on both alike): a single download (`?download=single`, one UPSERT), a photo of
 * a zip (`?download=zip`, one UPSERT), the gallery's page info of a returning visitor (last visit), and the
 * same downloads by 8 visitors at once (the UPSERTs queue for SQLite's one writer). Printed: p50 and p95 of
 * each, counted and not, the p95 difference in ms and the ratio.
 */
import { it } from "vitest";
import { report } from "./report";
import { addPhoto } from "../tests/server/studio-fixture";
import { startTestServer, type TestServer } from "../tests/server/test-server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PER_ROUND = 50;
const PARALLEL = 8;

interface Side {
  server: TestServer;
  cookie: string;
  image: string;
  accessUrl: string;
}

async function prepare(server: TestServer): Promise<Side> {
  const made = await server.api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Bench" } });
  const image = await addPhoto(server, made.body.id, "photo.png", 7);
  const r = await server.api("POST", `/api/gallery/${made.body.accessUrl}/verify`, { json: { accessCode: made.body.accessCode } });
  return { server, image, accessUrl: made.body.accessUrl, cookie: r.headers.get("set-cookie")!.split(";")[0]! };
}

async function timed(side: Side, path: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(side.server.url + path, { headers: { Cookie: side.cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return performance.now() - t;
}

async function parallel(side: Side, path: string, out: number[]): Promise<void> {
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let i = 0; i < PER_ROUND / PARALLEL; i++) out.push(await timed(side, path));
    }),
  );
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

it("counts a visitor's activity within 5 ms at p95", async () => {
  const [on, off] = await Promise.all([startTestServer().then(prepare), startTestServer({ ACTIVITY_OFF: "1" }).then(prepare)]);
  try {
    const routes = {
      single: (s: Side) => `/api/gallery/image/${s.image}?download=single`,
      zip_photo: (s: Side) => `/api/gallery/image/${s.image}?download=zip`,
      visit: (s: Side) => `/api/gallery/${s.accessUrl}`,
    };
    const times: Record<string, { on: number[]; off: number[] }> = {};
    // Per round and route, p95 counted minus p95 not counted: their median is less at the mercy of one noisy round.
    const roundAdded: Record<string, number[]> = {};
    for (const name of [...Object.keys(routes), "single_x8"]) times[name] = { on: [], off: [] };
    for (const side of [on, off]) for (let i = 0; i < 20; i++) await timed(side, routes.single(side)); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which server goes first, so neither always meets the other's leftovers.
      const order: ["on" | "off", Side][] = round % 2 ? [["on", on], ["off", off]] : [["off", off], ["on", on]];
      const lengths = Object.fromEntries(Object.entries(times).map(([n, t]) => [n, { on: t.on.length, off: t.off.length }]));
      for (const [key, side] of order) {
        for (const [name, path] of Object.entries(routes)) for (let i = 0; i < PER_ROUND; i++) times[name]![key].push(await timed(side, path(side)));
        await parallel(side, routes.single(side), times.single_x8![key]);
      }
      for (const [name, t] of Object.entries(times)) {
        const from = lengths[name]!;
        (roundAdded[name] ??= []).push(pct(t.on.slice(from.on), 95) - pct(t.off.slice(from.off), 95));
      }
    }
    const counted = await on.server.api<{ items: { singleDownloads: number }[] }>("GET", "/api/collections/gallery_activity/records", { token: on.server.ownerToken });
    const uncounted = await off.server.api<{ items: unknown[] }>("GET", "/api/collections/gallery_activity/records", { token: off.server.ownerToken });
    const figures: Record<string, number> = { requests_each: ROUNDS * PER_ROUND };
    for (const [name, t] of Object.entries(times)) {
      figures[`${name}_p50_on_ms`] = pct(t.on, 50);
      figures[`${name}_p50_off_ms`] = pct(t.off, 50);
      figures[`${name}_p95_on_ms`] = pct(t.on, 95);
      figures[`${name}_p95_off_ms`] = pct(t.off, 95);
      figures[`${name}_p95_added_ms`] = pct(t.on, 95) - pct(t.off, 95);
      figures[`${name}_p95_ratio`] = pct(t.on, 95) / pct(t.off, 95);
      figures[`${name}_p95_added_ms_median_of_rounds`] = pct(roundAdded[name]!, 50);
    }
    figures.counted_single_downloads = counted.body.items[0]?.singleDownloads ?? 0;
    figures.uncounted_rows = uncounted.body.items.length;
    report("activity-counting", figures);
  } finally {
    await Promise.all([on.server.stop(), off.server.stop()]);
  }
}, 600_000);
