/**
 * Proofing against the real server (issue 12): a visitor's favourites, picks within a list's limit,
 * comments and submission go only through the gallery routes with the gallery's session; everything else
 * (another gallery's photo, an over-limit pick, any write after submit, no session, the collections' own
 * API) is refused with a clear answer and stores nothing. The owner manages lists and unlocks, and the
 * studio gets an email through PocketBase's mailer when SMTP is configured.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proofingHelpers, type Gallery, type Proofing } from "./proofing-fixture";
import { addPhoto, makeStudio } from "./studio-fixture";
import { startSmtpServer } from "./support/smtp-server";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let ada: Gallery;
let alan: Gallery;
let adaImages: string[];
let alanImages: string[];
let adaCookie: string;
let alanCookie: string;
const { unlock, base, state, ownerList, makeList, unlockSelection } = proofingHelpers(() => server);

beforeAll(async () => {
  server = await startTestServer();
  const studio = await makeStudio(server);
  [ada, alan] = studio.clients as [Gallery, Gallery];
  adaImages = studio.images.slice(0, 3);
  alanImages = studio.images.slice(3);
  adaCookie = await unlock(ada);
  alanCookie = await unlock(alan);
}, 60_000);
afterAll(async () => server?.stop());

describe("proofing without a session", () => {
  it("refuses every read and write with 401 and stores nothing", async () => {
    const img = adaImages[0]!;
    const list = await makeList(ada, "Album", 0);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `${base(ada)}/state`],
      ["PUT", `${base(ada)}/favourites/${img}`],
      ["PUT", `${base(ada)}/lists/${list}/${img}`],
      ["PUT", `${base(ada)}/comments/${img}`, { text: "hi" }],
      ["PUT", `${base(ada)}/submission`],
    ];
    for (const [method, path, json] of calls) {
      const r = await server.api<{ message: string }>(method, path, { json });
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body.message).toMatch(/access code/);
    }
    // Another gallery's session is no session here.
    expect((await server.api("PUT", `${base(ada)}/favourites/${img}`, { cookie: alanCookie })).status).toBe(401);
    for (const c of ["proof_favourites", "proof_picks", "proof_comments", "proof_states"]) expect(await ownerList(c, `client = "${ada.id}"`)).toEqual([]);
    await server.api("DELETE", `/api/collections/proof_lists/records/${list}`, { token: server.ownerToken });
  });

  it("keeps the collections' own API closed to visitors and guests", async () => {
    for (const c of ["proof_favourites", "proof_picks", "proof_comments", "proof_lists", "proof_states"]) {
      const list = await server.api<{ items?: unknown[] }>("GET", `/api/collections/${c}/records`, { cookie: adaCookie });
      expect(list.status === 403 || (list.body.items ?? []).length === 0, c).toBe(true);
      const create = await server.api("POST", `/api/collections/${c}/records`, { cookie: adaCookie, json: { client: ada.id, image: adaImages[0], name: "x", text: "x" } });
      expect(create.status, c).toBeGreaterThanOrEqual(400);
    }
    // Even the owner cannot write the visitor's choices directly.
    const own = await server.api("POST", "/api/collections/proof_favourites/records", { token: server.ownerToken, json: { client: ada.id, image: adaImages[0] } });
    expect(own.status).toBe(403);
  });
});

describe("favourites", () => {
  it("hearts and unhearts a photo, saved on the server for the gallery", async () => {
    const [a, b] = adaImages as [string, string];
    let r = await server.api<Proofing>("PUT", `${base(ada)}/favourites/${a}`, { cookie: adaCookie });
    expect(r.status).toBe(200);
    expect(r.body.favourites).toEqual([a]);
    await server.api("PUT", `${base(ada)}/favourites/${a}`, { cookie: adaCookie }); // idempotent
    await server.api("PUT", `${base(ada)}/favourites/${b}`, { cookie: adaCookie });
    expect((await state(ada, adaCookie)).favourites.sort()).toEqual([a, b].sort());
    expect((await ownerList("proof_favourites", `client = "${ada.id}"`)).map((f) => f.image).sort()).toEqual([a, b].sort());

    r = await server.api<Proofing>("DELETE", `${base(ada)}/favourites/${a}`, { cookie: adaCookie });
    expect(r.body.favourites).toEqual([b]);
    // The owner's devices learn of the unheart through a tombstone.
    const tombs = await ownerList("tombstones", `recordCollection = "proof_favourites"`);
    expect(tombs.some((t) => t.client === ada.id)).toBe(true);
    await server.api("DELETE", `${base(ada)}/favourites/${b}`, { cookie: adaCookie });
  });

  it("refuses a favourite on another gallery's photo with 404", async () => {
    const r = await server.api<{ message: string }>("PUT", `${base(ada)}/favourites/${alanImages[0]}`, { cookie: adaCookie });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe("This photo is not in this gallery.");
    expect(await ownerList("proof_favourites")).toEqual([]);
  });
});

describe("lists and picks", () => {
  it("lets the owner make, rename and limit lists, and keeps them in their gallery", async () => {
    const id = await makeList(ada, "Album", 2);
    const renamed = await server.api<{ name: string; limit: number }>("PATCH", `/api/collections/proof_lists/records/${id}`, { token: server.ownerToken, json: { name: "Wedding album", limit: 3 } });
    expect(renamed.body).toMatchObject({ name: "Wedding album", limit: 3 });
    const moved = await server.api("PATCH", `/api/collections/proof_lists/records/${id}`, { token: server.ownerToken, json: { client: alan.id } });
    expect(moved.status).toBe(404);
    expect((await state(ada, adaCookie)).lists).toEqual([{ id, name: "Wedding album", limit: 3, imageIds: [] }]);
    expect((await state(alan, alanCookie)).lists).toEqual([]);
    const del = await server.api("DELETE", `/api/collections/proof_lists/records/${id}`, { token: server.ownerToken });
    expect(del.status).toBe(204);
  });

  it("picks within the limit and refuses the pick past it with 409", async () => {
    const list = await makeList(ada, "Prints", 2);
    const [a, b, c] = adaImages as [string, string, string];
    expect((await server.api("PUT", `${base(ada)}/lists/${list}/${a}`, { cookie: adaCookie })).status).toBe(200);
    const second = await server.api<Proofing>("PUT", `${base(ada)}/lists/${list}/${b}`, { cookie: adaCookie });
    expect(second.body.lists.find((l) => l.id === list)!.imageIds).toEqual([a, b]);
    const over = await server.api<{ message: string }>("PUT", `${base(ada)}/lists/${list}/${c}`, { cookie: adaCookie });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe("You can choose up to 2 photos for Prints. Remove one to choose another.");
    // Picking one already chosen is no new pick; unpicking frees a place.
    expect((await server.api("PUT", `${base(ada)}/lists/${list}/${a}`, { cookie: adaCookie })).status).toBe(200);
    expect((await server.api("DELETE", `${base(ada)}/lists/${list}/${a}`, { cookie: adaCookie })).status).toBe(200);
    expect((await server.api("PUT", `${base(ada)}/lists/${list}/${c}`, { cookie: adaCookie })).status).toBe(200);
    expect((await ownerList("proof_picks", `list = "${list}"`)).map((p) => p.image).sort()).toEqual([b, c].sort());
    await server.api("DELETE", `/api/collections/proof_lists/records/${list}`, { token: server.ownerToken });
    expect(await ownerList("proof_picks", `list = "${list}"`)).toEqual([]);
  });

  it("refuses another gallery's photo or list with 404", async () => {
    const adaList = await makeList(ada, "Album", 0);
    const alanList = await makeList(alan, "Album", 0);
    const photo = await server.api<{ message: string }>("PUT", `${base(ada)}/lists/${adaList}/${alanImages[0]}`, { cookie: adaCookie });
    expect(photo.status).toBe(404);
    expect(photo.body.message).toBe("This photo is not in this gallery.");
    const list = await server.api<{ message: string }>("PUT", `${base(ada)}/lists/${alanList}/${adaImages[0]}`, { cookie: adaCookie });
    expect(list.status).toBe(404);
    expect(list.body.message).toBe("This list is not in this gallery.");
    expect(await ownerList("proof_picks")).toEqual([]);
    for (const id of [adaList, alanList]) await server.api("DELETE", `/api/collections/proof_lists/records/${id}`, { token: server.ownerToken });
  });

  it("ends 50 parallel picks on a limit of 30 with exactly 30", async () => {
    const g = (await server.api<Gallery>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Busy Bride" } })).body;
    const photos: string[] = [];
    for (let i = 0; i < 50; i += 10) photos.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => addPhoto(server, g.id, `p${i + k}.png`, 10 + i + k)))));
    const cookie = await unlock(g);
    const list = await makeList(g, "Album", 30);
    const answers = await Promise.all(photos.map((p) => server.api("PUT", `${base(g)}/lists/${list}/${p}`, { cookie })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    expect(await ownerList("proof_picks", `list = "${list}"`)).toHaveLength(30);
    expect((await state(g, cookie)).lists[0]!.imageIds).toHaveLength(30);
  }, 60_000);
});

describe("comments", () => {
  it("strips bidi override and isolate controls, which would reverse the text on the owner's screens", async () => {
    const a = adaImages[1]!;
    try {
      const r = await server.api<Proofing>("PUT", `${base(ada)}/comments/${a}`, { cookie: adaCookie, json: { text: "nice \u202Egpj.exe\u202C and \u2067x\u2069" } });
      expect(r.body.comments.find((c) => c.image === a)?.text).toBe("nice gpj.exe and x");
    } finally {
      await server.api("PUT", `${base(ada)}/comments/${a}`, { cookie: adaCookie, json: { text: "" } }); // the next tests count comments
    }
  });
  it("keeps one comment per photo, changed or removed by the visitor", async () => {
    const a = adaImages[0]!;
    let r = await server.api<Proofing>("PUT", `${base(ada)}/comments/${a}`, { cookie: adaCookie, json: { text: "  Can you brighten this one?  " } });
    expect(r.status).toBe(200);
    expect(r.body.comments).toEqual([{ image: a, text: "Can you brighten this one?" }]);
    r = await server.api<Proofing>("PUT", `${base(ada)}/comments/${a}`, { cookie: adaCookie, json: { text: "Crop tighter, please" } });
    expect(r.body.comments).toEqual([{ image: a, text: "Crop tighter, please" }]);
    expect((await ownerList("proof_comments", `client = "${ada.id}"`)).map((c) => c.text)).toEqual(["Crop tighter, please"]);
    r = await server.api<Proofing>("PUT", `${base(ada)}/comments/${a}`, { cookie: adaCookie, json: { text: "" } });
    expect(r.body.comments).toEqual([]);
  });

  it("refuses a comment on another gallery's photo, and a comment too long or not text", async () => {
    const other = await server.api<{ message: string }>("PUT", `${base(ada)}/comments/${alanImages[0]}`, { cookie: adaCookie, json: { text: "mine?" } });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("This photo is not in this gallery.");
    const long = await server.api<{ message: string }>("PUT", `${base(ada)}/comments/${adaImages[0]}`, { cookie: adaCookie, json: { text: "x".repeat(2001) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("A comment can have at most 2000 characters.");
    const notText = await server.api("PUT", `${base(ada)}/comments/${adaImages[0]}`, { cookie: adaCookie, json: { text: 5 } });
    expect(notText.status).toBe(400);
    expect(await ownerList("proof_comments")).toEqual([]);
  });
});

describe("submitting a selection", () => {
  it("locks every write until the owner unlocks it", async () => {
    const list = await makeList(alan, "Album", 5);
    const [a, b] = alanImages as [string, string];
    await server.api("PUT", `${base(alan)}/lists/${list}/${a}`, { cookie: alanCookie });
    const submitted = await server.api<Proofing>("PUT", `${base(alan)}/submission`, { cookie: alanCookie });
    expect(submitted.status).toBe(200);
    expect(submitted.body.submittedAt).not.toBe("");

    const writes: Array<[string, string, unknown?]> = [
      ["PUT", `${base(alan)}/favourites/${b}`],
      ["DELETE", `${base(alan)}/favourites/${a}`],
      ["PUT", `${base(alan)}/lists/${list}/${b}`],
      ["DELETE", `${base(alan)}/lists/${list}/${a}`],
      ["PUT", `${base(alan)}/comments/${b}`, { text: "late" }],
    ];
    for (const [method, path, json] of writes) {
      const r = await server.api<{ message: string }>(method, path, { cookie: alanCookie, json });
      expect(r.status, `${method} ${path}`).toBe(423);
      expect(r.body.message).toBe("Your selection has been submitted. Ask your photographer to unlock it to make changes.");
    }
    const again = await server.api<{ message: string }>("PUT", `${base(alan)}/submission`, { cookie: alanCookie });
    expect(again.status).toBe(423);
    expect((await state(alan, alanCookie)).lists[0]!.imageIds).toEqual([a]);
    expect(await ownerList("proof_favourites", `client = "${alan.id}"`)).toEqual([]);

    // A visitor cannot unlock through the collection's API; the owner can, and may set nothing else.
    const [row] = await ownerList("proof_states", `client = "${alan.id}"`);
    expect((await server.api("PATCH", `/api/collections/proof_states/records/${row!.id}`, { cookie: alanCookie, json: { submittedAt: "" } })).status).toBe(404);
    expect((await server.api("PATCH", `/api/collections/proof_states/records/${row!.id}`, { token: server.ownerToken, json: { submittedAt: "2030-01-01 00:00:00.000Z" } })).status).toBe(404);
    await unlockSelection(alan);
    expect((await state(alan, alanCookie)).submittedAt).toBe("");
    expect((await server.api("PUT", `${base(alan)}/lists/${list}/${b}`, { cookie: alanCookie })).status).toBe(200);
    await server.api("DELETE", `/api/collections/proof_lists/records/${list}`, { token: server.ownerToken });
  });
});

describe("the studio's email on submit", () => {
  it("sends one email to the studio through PocketBase's SMTP, and none without SMTP", async () => {
    const smtp = await startSmtpServer();
    try {
      const studio = await ownerList("settings");
      await server.api("PATCH", `/api/collections/settings/records/${studio[0]!.id}`, { token: server.ownerToken, json: { email: "studio@lumen.test", galleryUrl: "https://photos.lumen.test/" } });

      // SMTP off (the default): the submission works and nothing is sent.
      const off = await server.api("PUT", `${base(ada)}/submission`, { cookie: adaCookie });
      expect(off.status).toBe(200);
      await unlockSelection(ada);

      const set = await server.api("PATCH", "/api/settings", {
        token: server.superToken,
        json: { meta: { senderAddress: "gallery@lumen.test", senderName: "Lumen Studio" }, smtp: { enabled: true, host: "127.0.0.1", port: smtp.port, tls: false } },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const list = await makeList(ada, "Album", 30);
      await server.api("PUT", `${base(ada)}/lists/${list}/${adaImages[0]}`, { cookie: adaCookie });
      const on = await server.api("PUT", `${base(ada)}/submission`, { cookie: adaCookie });
      expect(on.status).toBe(200);
      await expect.poll(() => smtp.messages.length, { timeout: 5000 }).toBe(1);
      const mail = smtp.messages[0]!;
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((v) => v.address) : []).toEqual(["studio@lumen.test"]);
      expect(mail.from?.value[0]?.address).toBe("gallery@lumen.test");
      expect(mail.subject).toBe("Visitor (Ada Lovelace's gallery) submitted their selection");
      expect(mail.text).toContain("Album: 1 of 30 chosen");
      expect(mail.text).toContain(`Gallery: https://photos.lumen.test/gallery/${ada.accessUrl}`);
      // A refused second submission sends nothing more.
      expect((await server.api("PUT", `${base(ada)}/submission`, { cookie: adaCookie })).status).toBe(423);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.messages).toHaveLength(1);
      await server.api("PATCH", "/api/settings", { token: server.superToken, json: { smtp: { enabled: false } } });
    } finally {
      await smtp.close();
    }
  });
});
