/**
 * A small studio for the storage tests (backup/restore, S3): clients, images with real PNG files, the
 * settings with a logo; and a fingerprint of everything the studio holds, records and file bytes.
 */
import { createHash } from "node:crypto";
import { expect } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import type { TestServer } from "./test-server";

export const STUDIO_COLLECTIONS = ["users", "clients", "images", "settings", "tombstones"];
const FILE_FIELDS: Record<string, string[]> = { images: ["original", "thumbnail", "preview"], settings: ["logo"] };

export function photo(seed: number, width = 64, height = 48) {
  return encodePng(width, height, (x, y) => [(x * seed) % 256, (y * 3 + seed) % 256, (x ^ y ^ seed) % 256, 255]);
}

export async function addPhoto(server: TestServer, clientId: string, name: string, seed: number) {
  const form = new FormData();
  form.set("client", clientId);
  form.set("originalName", name);
  form.set("filename", name);
  form.set("fileSize", String(photo(seed).length));
  form.set("uploadedAt", new Date(Date.UTC(2026, 0, 1, 0, 0, seed)).toISOString());
  form.set("original", new File([photo(seed)], name, { type: "image/png" }));
  form.set("thumbnail", new File([photo(seed + 100, 16, 12)], `thumb-${name}`, { type: "image/png" }));
  form.set("preview", new File([photo(seed + 200, 32, 24)], `preview-${name}`, { type: "image/png" }));
  const r = await server.api<{ id: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}

/** Two clients with three and two photos, the studio's name, colour and logo. */
export async function makeStudio(server: TestServer) {
  const clients: { id: string; accessUrl: string; accessCode: string }[] = [];
  for (const name of ["Ada Lovelace", "Alan Turing"]) {
    const r = await server.api<{ id: string; accessUrl: string; accessCode: string }>("POST", "/api/collections/clients/records", {
      token: server.ownerToken,
      json: { name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com` },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    clients.push(r.body);
  }
  const images = [
    await addPhoto(server, clients[0]!.id, "a1.png", 1),
    await addPhoto(server, clients[0]!.id, "a2.png", 2),
    await addPhoto(server, clients[0]!.id, "a3.png", 3),
    await addPhoto(server, clients[1]!.id, "t1.png", 4),
    await addPhoto(server, clients[1]!.id, "t2.png", 5),
  ];
  const settings = await server.api<{ items: { id: string }[] }>("GET", "/api/collections/settings/records", { token: server.ownerToken });
  const form = new FormData();
  form.set("companyName", "Lumen Studio");
  form.set("primaryColor", "#336699");
  form.set("logo", new File([photo(42, 40, 40)], "logo.png", { type: "image/png" }));
  const saved = await server.api("PATCH", `/api/collections/settings/records/${settings.body.items[0]!.id}`, { token: server.ownerToken, form });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { clients, images };
}

/** Every record of the studio's collections and the SHA-256 of every file they name, read through the API. */
export async function fingerprint(server: TestServer, collections = STUDIO_COLLECTIONS) {
  const { token: fileToken } = (await server.api<{ token: string }>("POST", "/api/files/token", { token: server.superToken })).body;
  const records: Record<string, unknown[]> = {};
  const files: Record<string, string> = {};
  for (const name of collections) {
    const r = await server.api<{ items: Record<string, unknown>[] }>("GET", `/api/collections/${name}/records?perPage=500&sort=id`, { token: server.superToken });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    records[name] = r.body.items;
    for (const item of r.body.items) {
      for (const field of FILE_FIELDS[name] ?? []) {
        const filename = item[field] as string;
        if (!filename) continue;
        const res = await fetch(`${server.url}/api/files/${name}/${String(item.id)}/${filename}?token=${fileToken}`);
        expect(res.status, `${name}/${String(item.id)}/${filename}`).toBe(200);
        // Keyed as PocketBase stores it, on disk and in a bucket alike: collection id / record id / file name.
        files[`${String(item.collectionId)}/${String(item.id)}/${filename}`] = createHash("sha256").update(Buffer.from(await res.arrayBuffer())).digest("hex");
      }
    }
  }
  return { records, files };
}
