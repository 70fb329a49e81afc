/**
 * One guest who fills a gallery's people (issue 37, item 1), against the real server: a client that keeps
 * re-sending its first cookie is one session, held to its 20 people; many sessions from one address or one
 * network meet the people limits (429 with Retry-After) while a guest from elsewhere still names themselves
 * and hearts; people who chose nothing stop counting after six hours and are removed, so the gallery's 200
 * never refuse a real guest because of names nobody used. Addresses come from X-Forwarded-For, which the
 * test makes PocketBase trust.
 */
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEOPLE_LIMITS } from "../../pb_hooks/lib/rules/people_limits.js";
import { PEOPLE_PER_GALLERY, PEOPLE_PER_SESSION } from "../../pb_hooks/lib/rules/proofing_rules.js";
import { refusalMessage } from "../../pb_hooks/lib/rules/refusals.js";
import { proofingHelpers, type Gallery } from "./proofing-fixture";
import { addPhoto } from "./studio-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
const { ownerList } = proofingHelpers(() => server);

beforeAll(async () => {
  server = await startTestServer();
  type Rule = { label: string; maxRequests: number };
  const settings = await server.api<{ rateLimits: { rules: Rule[] } }>("GET", "/api/settings", { token: server.superToken });
  // PocketBase's own limit of the code routes (10 a minute per address) is not what this file tests.
  const rules = settings.body.rateLimits.rules.map((r) => (r.label === "POST /api/gallery/" ? { ...r, maxRequests: 10_000 } : r));
  const r = await server.api("PATCH", "/api/settings", { token: server.superToken, json: { rateLimits: { rules }, trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: true } } });
  expect(r.status).toBe(200);
}, 60_000);
afterAll(async () => server?.stop());

async function call(method: string, pathname: string, address: string, opts: { cookie?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Forwarded-For": address };
  if (opts.cookie) headers.Cookie = opts.cookie;
  const res = await fetch(server.url + pathname, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message?: string; person?: { id: string } } };
}

async function newGallery(name: string): Promise<Gallery> {
  return (await server.api<Gallery>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name } })).body;
}

/** A new session of the gallery from `address`: its first cookie ("name=value"). */
async function verify(g: Gallery, address: string) {
  const r = await call("POST", `/api/gallery/${g.accessUrl}/verify`, address, { json: { accessCode: g.accessCode } });
  expect(r.status).toBe(200);
  return (r.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const name = (g: Gallery, cookie: string, address: string, person: string) => call("PUT", `/api/gallery/${g.accessUrl}/proofing/person`, address, { cookie, json: { name: person } });
const heart = (g: Gallery, cookie: string, address: string, image: string) => call("PUT", `/api/gallery/${g.accessUrl}/proofing/favourites/${image}`, address, { cookie });
const cookieOf = (r: { headers: Headers }) => (r.headers.get("set-cookie") ?? "").split(";")[0]!;
const peopleOf = async (g: Gallery) => (await ownerList("proof_people", `client = "${g.id}"`)).length;

/** A real guest from an address of their own: names themselves and hearts a photo. */
async function realGuest(g: Gallery, address: string, image: string) {
  const named = await name(g, await verify(g, address), address, "Real Guest");
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  expect((await heart(g, cookieOf(named), address, image)).status).toBe(200);
}

describe("a guest who floods a gallery's people", () => {
  it("re-sending the first cookie is one session: it makes 20 people, then is told to switch", async () => {
    const g = await newGallery("Cookie Bride");
    const first = await verify(g, "198.51.100.1");
    const answers = [];
    // Each from a network of its own, so that only the session's limit can stop it.
    for (let i = 0; i < PEOPLE_PER_SESSION + 5; i++) answers.push(await name(g, first, `10.${i}.0.1`, `Ghost ${i}`));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(PEOPLE_PER_SESSION);
    for (const r of answers.slice(PEOPLE_PER_SESSION)) {
      expect(r.status).toBe(429);
      expect(r.body.message).toBe(refusalMessage("people_session_full", { max: PEOPLE_PER_SESSION }));
    }
    expect(await peopleOf(g)).toBe(PEOPLE_PER_SESSION);
  });

  it("a token from before sessions had their id (no sid) is one session too, however often it is re-sent", async () => {
    const g = await newGallery("Legacy Bride");
    // Such a token as /verify minted it then: signed with the server's secret, the gallery's id and its code.
    const secrets = await server.api<{ items: Array<{ key: string; value: string }> }>("GET", "/api/collections/server_secrets/records?perPage=50", { token: server.superToken });
    const secret = secrets.body.items.find((r) => r.key === "gallery_token")!.value;
    const gen = (await server.api<{ sessionGeneration: number }>("GET", `/api/collections/clients/records/${g.id}`, { token: server.superToken })).body.sessionGeneration;
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const body = `${part({ alg: "HS256", typ: "JWT" })}.${part({ gallery: g.id, type: "gallery", gen, exp: Math.floor(Date.now() / 1000) + 3600 })}`;
    const token = `${body}.${createHmac("sha256", `${secret}:${g.id}:${g.accessCode}`).update(body).digest("base64url")}`;
    const legacy = `sg_gallery_${g.id}=${token}`;
    const answers = [];
    for (let i = 0; i < PEOPLE_PER_SESSION + 3; i++) answers.push(await name(g, legacy, `10.${i}.1.1`, `Ghost ${i}`));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(PEOPLE_PER_SESSION);
    expect(answers.at(-1)!.body.message).toBe(refusalMessage("people_session_full", { max: PEOPLE_PER_SESSION }));
    // The session it became keeps counting as the same one.
    expect((await name(g, cookieOf(answers[0]!), "10.200.0.1", "One more")).status).toBe(429);
  });

  it("many sessions from one address wait (429, Retry-After) after 10 people; a guest elsewhere still names themselves", async () => {
    const g = await newGallery("Address Bride");
    const photo = await addPhoto(server, g.id, "IMG_1.CR3", 81);
    const attacker = "192.0.2.10";
    for (let i = 0; i < PEOPLE_LIMITS.address.burst; i++) expect((await name(g, await verify(g, attacker), attacker, `Ghost ${i}`)).status).toBe(200);
    const over = await name(g, await verify(g, attacker), attacker, "One too many");
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(refusalMessage("people_network_wait"));
    const wait = Number(over.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(PEOPLE_LIMITS.address.everyMs / 1000);
    expect(await peopleOf(g)).toBe(PEOPLE_LIMITS.address.burst);
    await realGuest(g, "198.51.100.20", photo);
  });

  it("many addresses of one network (an IPv4 /24, an IPv6 /48) wait after 30 people; a guest of another network still names themselves", async () => {
    const g = await newGallery("Network Bride");
    const photo = await addPhoto(server, g.id, "IMG_2.CR3", 82);
    for (const [network, other] of [
      [(i: number) => `192.0.3.${i + 1}`, "192.0.4.1"],
      [(i: number) => `2001:db8:7:${i.toString(16)}::1`, "2001:db8:8::1"],
    ] as Array<[(i: number) => string, string]>) {
      for (let i = 0; i < PEOPLE_LIMITS.network.burst; i++) expect((await name(g, await verify(g, network(i)), network(i), `Ghost ${i}`)).status, network(i)).toBe(200);
      const address = network(PEOPLE_LIMITS.network.burst);
      const over = await name(g, await verify(g, address), address, "One too many");
      expect(over.status, address).toBe(429);
      expect(over.body.message).toBe(refusalMessage("people_network_wait"));
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      await realGuest(g, other, photo);
    }
    expect(await peopleOf(g)).toBe(2 * PEOPLE_LIMITS.network.burst + 2);
  });
});

describe("people who chose nothing", () => {
  function sql(statement: string) {
    execFileSync("sqlite3", [path.join(server.dataDir, "data.db"), statement]);
  }

  /** A gallery holding PEOPLE_PER_GALLERY people, made by the superuser (whom no limit stops). */
  async function fullGallery(title: string) {
    const g = await newGallery(title);
    const requests = Array.from({ length: PEOPLE_PER_GALLERY }, (_, i) => ({ method: "POST", url: "/api/collections/proof_people/records", body: { client: g.id, name: `Ghost ${i}` } }));
    for (let i = 0; i < requests.length; i += 50) {
      const r = await server.api("POST", "/api/batch", { token: server.superToken, json: { requests: requests.slice(i, i + 50) } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    return g;
  }

  it("stop counting after six hours: a full gallery takes a real guest once the names nobody used are old", async () => {
    const g = await fullGallery("Unused Bride");
    const photo = await addPhoto(server, g.id, "IMG_3.CR3", 83);
    const refused = await name(g, await verify(g, "198.51.100.30"), "198.51.100.30", "Real Guest");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(refusalMessage("people_gallery_full", { max: PEOPLE_PER_GALLERY }));

    // Seven hours on for every ghost; two of them hearted a photo, which keeps them.
    sql(`UPDATE proof_people SET created = '${new Date(Date.now() - 7 * 3_600_000).toISOString().replace("T", " ")}' WHERE client = '${g.id}'`);
    const kept = (await ownerList("proof_people", `client = "${g.id}" && (name = "Ghost 1" || name = "Ghost 2")`)).map((p) => p.id!);
    for (const person of kept) {
      const r = await server.api("POST", "/api/collections/proof_favourites/records", { token: server.superToken, json: { client: g.id, person, image: photo } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    await realGuest(g, "198.51.100.30", photo);
    const left = await ownerList("proof_people", `client = "${g.id}"`);
    expect(left.map((p) => p.id).sort()).toEqual([...kept, left.find((p) => p.name === "Real Guest")!.id].sort());
    // Removed as records: the owner's devices learn it from their tombstones.
    expect((await ownerList("tombstones", `client = "${g.id}" && recordCollection = "proof_people"`)).length).toBe(PEOPLE_PER_GALLERY - kept.length);
  });

  it("are removed by the hourly sweep too, in every gallery; a recent one stays", async () => {
    const g = await newGallery("Sweep Bride");
    const fresh = await name(g, await verify(g, "198.51.100.40"), "198.51.100.40", "Fresh Guest");
    const old = await name(g, await verify(g, "198.51.100.41"), "198.51.100.41", "Old Guest");
    expect([fresh.status, old.status]).toEqual([200, 200]);
    sql(`UPDATE proof_people SET created = '2020-01-01 00:00:00.000Z' WHERE id = '${old.body.person!.id}'`);
    expect((await server.api("POST", "/api/crons/sg_unused_people", { token: server.superToken })).status).toBe(204);
    expect((await ownerList("proof_people", `client = "${g.id}"`)).map((p) => p.name)).toEqual(["Fresh Guest"]);
  });
});
