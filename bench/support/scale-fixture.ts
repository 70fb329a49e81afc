/**
 * A studio of any size on a real PocketBase, fast (issue 39, "a hundred times the data"): one record of each
 * kind is made through the API (a client, a photo, a set, a visitor's person and favourite, the gallery's
 * activity), the server is stopped, and those rows are the templates of every generated row, written into
 * its SQLite database with the same columns and value shapes PocketBase wrote (ids, `fieldTimes`, dates as
 * PocketBase formats them), then the server starts again on it. Each photo gets its own small real JPEG
 * files (a thumbnail and an original with pixels drawn from the photo's number, encoded by libvips through
 * sharp), with the attribute file PocketBase's local storage keeps beside each file. `checkLikeApi` reads a
 * generated record back through the API and compares it with the API-made one.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { galleryHelpers } from "../../tests/server/gallery-fixture";
import { proofingHelpers } from "../../tests/server/proofing-fixture";
import { startTestServer, type TestServer } from "../../tests/server/test-server";
import { dateOf, idOf, insertSql, type Row } from "./scale-rows";

/** A photo's tiny placeholder as the device computes it (the API-made photo's, any valid one will do). */
const PLACEHOLDER = "HvgJDYRVgGl1d3d2d0h3cZvvDcG4";

export interface ScaleGallery {
  id: string;
  accessUrl: string;
  accessCode: string;
  photos: number;
}

export interface ScaleStudio {
  server: TestServer;
  galleries: ScaleGallery[];
  photos: number;
  /** The API-made photo's record as the API answered it, and a generated one's id (checkLikeApi). */
  template: { imageId: string; clientId: string };
  sampleImageId: string;
  /** How long the server took from its start to its first healthy answer on the generated studio. */
  startSeconds: number;
}

function sql(dataDir: string, query: string): Row[] {
  const out = execFileSync("sqlite3", ["-json", path.join(dataDir, "data.db"), query], { encoding: "utf8", maxBuffer: 64 << 20 });
  return out.trim() ? (JSON.parse(out) as Row[]) : [];
}

/** A small JPEG whose pixels follow `seed` (no two photos share bytes). */
async function jpeg(seed: number, width: number, height: number): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      px[o] = (x * 7 + seed) & 255;
      px[o + 1] = (y * 11 + (seed >> 8)) & 255;
      px[o + 2] = (x * y + (seed >> 16) * 37 + seed) & 255;
    }
  return sharp(px, { raw: { width, height, channels: 3 } }).jpeg({ quality: 70 }).toBuffer();
}

function writeStored(dir: string, name: string, bytes: Buffer, original: string) {
  writeFileSync(path.join(dir, name), bytes);
  const md5 = createHash("md5").update(bytes).digest("base64");
  const attrs = { "user.cache_control": "", "user.content_disposition": "", "user.content_encoding": "", "user.content_language": "", "user.content_type": "image/jpeg", "user.metadata": { "original-filename": original }, md5 };
  writeFileSync(path.join(dir, `${name}.attrs`), JSON.stringify(attrs));
}

/** How many photos each gallery holds: `big` in the first, the rest spread evenly. */
export function photosPerGallery(photos: number, galleries: number, big: number): number[] {
  const rest = photos - big;
  return Array.from({ length: galleries }, (_, g) => (g === 0 ? big : Math.floor(rest / (galleries - 1)) + (g - 1 < rest % (galleries - 1) ? 1 : 0)));
}

/** A running server holding `galleries` galleries and `photos` photos (`big` of them in the first gallery). */
export async function startScaleStudio(photos: number, galleries: number, big: number, env: Record<string, string> = {}): Promise<ScaleStudio> {
  const server = await startTestServer(env);
  const h = galleryHelpers(() => server, "Template");
  const p = proofingHelpers(() => server);
  const client = await h.makeClient();
  const imageId = await h.addImage(client.id, "template.png", 1);
  const set = await server.api<{ id: string }>("POST", "/api/collections/sets/records", { token: server.ownerToken, json: { client: client.id, name: "Ceremony", position: 1 } });
  const cookie = await p.unlock(client, "Guest");
  await server.api("PUT", `/api/gallery/${client.accessUrl}/proofing/favourites/${imageId}`, { cookie });
  await server.stop({ keepData: true });
  const dir = server.dataDir;

  const one = (table: string, where = "") => sql(dir, `SELECT * FROM ${table} ${where} LIMIT 1`)[0];
  const tpl = { client: one("clients")!, image: one("images")!, set: one("sets", `WHERE id = '${set.body.id}'`)!, activity: one("gallery_activity"), person: one("proof_people"), favourite: one("proof_favourites"), state: one("proof_states") };
  const imagesCollection = sql(dir, "SELECT id FROM _collections WHERE name = 'images'")[0]!.id as string;
  const perGallery = photosPerGallery(photos, galleries, big);
  const base = Date.UTC(2025, 0, 1);
  const lines: string[] = ["BEGIN;"];
  const out: ScaleGallery[] = [];
  const files: Array<{ id: string; n: number }> = [];
  let n = 0;
  for (let g = 0; g < galleries; g++) {
    const cid = idOf("c", g);
    const code = `C${String(g).padStart(5, "0")}`;
    const at = dateOf(base + g * 1000);
    lines.push(insertSql("clients", tpl.client, { id: cid, name: `Gallery ${g + 1}`, accessUrl: `scale-${g}`, accessCode: code, accessKey: code, created: at, updated: at }));
    const sets = [idOf("s", g * 2), idOf("s", g * 2 + 1)];
    sets.forEach((sid, i) => lines.push(insertSql("sets", tpl.set, { id: sid, client: cid, name: i ? "Party" : "Ceremony", position: i + 1, created: at, updated: at })));
    const pid = idOf("p", g);
    if (tpl.person) lines.push(insertSql("proof_people", tpl.person, { id: pid, client: cid, name: `Guest ${g + 1}`, created: at, updated: at }));
    if (tpl.state) lines.push(insertSql("proof_states", tpl.state, { id: idOf("t", g), client: cid, person: pid, created: at, updated: at }));
    if (tpl.activity) lines.push(insertSql("gallery_activity", tpl.activity, { id: idOf("a", g), client: cid, lastVisit: dateOf(base + 86_400_000 + g * 60_000), views: g % 50, created: at, updated: at }));
    for (let i = 0; i < perGallery[g]!; i++, n++) {
      const id = idOf("i", n);
      const t = dateOf(base + 3_600_000 + n * 10);
      lines.push(insertSql("images", tpl.image, { id, client: cid, filename: `IMG_${n}.jpg`, originalName: `IMG_${n}.jpg`, original: `img_${n}_o.jpg`, thumbnail: `img_${n}_t.jpg`, preview: "", medium: `img_${n}_m.jpg`, large: `img_${n}_l.jpg`, placeholder: PLACEHOLDER, mimeType: "image/jpeg", width: 64, height: 48, fileSize: 0, checksum: "", set: i % 3 === 2 ? "" : sets[i % 2]!, uploadedAt: t, created: t, updated: t }));
      if (tpl.favourite && i % 20 === 0) lines.push(insertSql("proof_favourites", tpl.favourite, { id: idOf("f", n), client: cid, person: pid, image: id, created: t, updated: t }));
      files.push({ id, n });
    }
    out.push({ id: cid, accessUrl: `scale-${g}`, accessCode: code, photos: perGallery[g]! });
  }
  lines.push("COMMIT;", "PRAGMA optimize;");
  const script = path.join(dir, "scale.sql");
  writeFileSync(script, lines.join("\n"));
  execFileSync("sh", ["-c", `sqlite3 "${path.join(dir, "data.db")}" < "${script}"`]);

  // The files, eight encodes in flight (libvips threads under each).
  let next = 0;
  const sizes = new Map<string, number>();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < files.length) {
        const { id, n: k } = files[next++]!;
        const folder = path.join(dir, "storage", imagesCollection, id);
        mkdirSync(folder, { recursive: true });
        const [thumb, original] = await Promise.all([jpeg(k, 24, 18), jpeg(k + 7_919, 64, 48)]);
        writeStored(folder, `img_${k}_t.jpg`, thumb, `thumb-IMG_${k}.jpg`);
        writeStored(folder, `img_${k}_o.jpg`, original, `IMG_${k}.jpg`);
        // The sizes a device makes after upload (media/rebuildSizes.ts), present as on an uploaded photo:
        // without them the owner's device would rebuild every photo's sizes after its first sync.
        writeStored(folder, `img_${k}_m.jpg`, original, `medium-IMG_${k}.jpg`);
        writeStored(folder, `img_${k}_l.jpg`, original, `large-IMG_${k}.jpg`);
        sizes.set(id, original.length);
      }
    }),
  );
  const sizeSql = ["BEGIN;", ...[...sizes].map(([id, size]) => `UPDATE images SET fileSize = ${size} WHERE id = '${id}';`), "COMMIT;"];
  writeFileSync(script, sizeSql.join("\n"));
  execFileSync("sh", ["-c", `sqlite3 "${path.join(dir, "data.db")}" < "${script}"`]);
  const started = Date.now();
  await server.start({}, 600_000);
  return { startSeconds: (Date.now() - started) / 1000, server, galleries: out, photos: n, template: { imageId, clientId: client.id }, sampleImageId: idOf("i", Math.floor(n / 2)) };
}

/** The generated photo and the API-made one, as the owner reads them: the same fields and value types. */
export async function checkLikeApi(studio: ScaleStudio): Promise<void> {
  const read = (id: string) => studio.server.api<Record<string, unknown>>("GET", `/api/collections/images/records/${id}`, { token: studio.server.ownerToken });
  const [made, generated] = await Promise.all([read(studio.template.imageId), read(studio.sampleImageId)]);
  if (made.status !== 200 || generated.status !== 200) throw new Error(`read back: ${made.status} ${generated.status}`);
  const shape = (r: Record<string, unknown>) => Object.keys(r).sort().map((k) => `${k}:${r[k] === null ? "null" : typeof r[k]}`).join(",");
  if (shape(made.body) !== shape(generated.body)) throw new Error(`a generated photo reads unlike an API-made one:\n${shape(made.body)}\n${shape(generated.body)}`);
  const fileToken = await studio.server.api<{ token: string }>("POST", "/api/files/token", { token: studio.server.ownerToken });
  const thumb = await fetch(`${studio.server.url}/api/files/images/${studio.sampleImageId}/${generated.body.thumbnail as string}?token=${fileToken.body.token}`);
  const bytes = new Uint8Array(await thumb.arrayBuffer());
  if (thumb.status !== 200 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error(`the generated thumbnail answered ${thumb.status}, ${bytes.length} bytes`);
}
