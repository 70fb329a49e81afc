/**
 * Gallery tests' shared steps against the real server: the owner makes and changes a client and adds a
 * small PNG photo; a visitor unlocks the gallery and keeps its session cookie.
 */
import { expect } from "vitest";
import { encodePng } from "../../scripts/lib/png.mjs";
import type { TestServer } from "./test-server";

export interface Client {
  id: string;
  accessUrl: string;
  accessCode: string;
}

/** A 16x12 PNG whose pixels follow the seed, so a served file can be compared byte for byte. */
export function pngBytes(seed: number) {
  return encodePng(16, 12, (x, y) => [(x * seed) % 256, (y * 7 + seed) % 256, seed % 256, 255]);
}

/** The helpers bound to the file's server, which its beforeAll starts (hence the getter). */
export function galleryHelpers(current: () => TestServer, defaultName = "Grace Hopper") {
  async function makeClient(fields: Record<string, unknown> = {}): Promise<Client> {
    const r = await current().api<Client>("POST", "/api/collections/clients/records", { token: current().ownerToken, json: { name: defaultName, ...fields } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }

  async function updateClient(id: string, fields: Record<string, unknown>) {
    const r = await current().api("PATCH", `/api/collections/clients/records/${id}`, { token: current().ownerToken, json: fields });
    expect(r.status).toBe(200);
  }

  async function addImage(clientId: string, name: string, seed: number) {
    const form = new FormData();
    form.set("client", clientId);
    form.set("originalName", name);
    form.set("filename", name);
    form.set("fileSize", String(pngBytes(seed).length));
    form.set("uploadedAt", new Date(Date.UTC(2026, 0, 1, 0, 0, seed)).toISOString());
    form.set("original", new File([pngBytes(seed)], name, { type: "image/png" }));
    form.set("thumbnail", new File([pngBytes(seed + 100)], `thumb-${name}`, { type: "image/png" }));
    const r = await current().api<{ id: string }>("POST", "/api/collections/images/records", { token: current().ownerToken, form });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id;
  }

  /** Unlocks a gallery with its code and returns the "name=value" cookie the browser would keep. */
  async function unlock(client: Client): Promise<string> {
    const r = await current().api("POST", `/api/gallery/${client.accessUrl}/verify`, { json: { accessCode: client.accessCode } });
    expect(r.status).toBe(200);
    const setCookie = r.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/gallery\//);
    return setCookie.split(";")[0]!;
  }
  return { makeClient, updateClient, addImage, unlock };
}
