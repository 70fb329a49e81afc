/**
 * Stored file names are one plain, safe name (issue 10): a name such as `../../x.jpg`, sent through the
 * API, a sync batch or an update, is stored and handed to visitors (whose zip uses it) as `x.jpg`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers, pngBytes } from "./gallery-fixture";
import { pngHeader } from "./image-bytes";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let client = { id: "", accessUrl: "" };
beforeAll(async () => {
  server = await startTestServer();
  const c = await server.api<{ id: string; accessUrl: string }>("POST", "/api/collections/clients/records", { token: server.ownerToken, json: { name: "Names" } });
  client = c.body;
});
afterAll(async () => server?.stop());

interface Names {
  id: string;
  filename: string;
  originalName: string;
}

describe("stored names", () => {
  it("makes a name sent to the records API one plain name", async () => {
    const form = new FormData();
    form.set("client", client.id);
    form.set("originalName", "../../x.jpg");
    form.set("filename", "..\\..\\evil\u0000.jpg");
    form.set("original", new File([new Uint8Array(pngHeader(40, 30))], "a.png"));
    const made = await server.api<Names>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ originalName: "x.jpg", filename: "evil.jpg" });

    const renamed = await server.api<Names>("PATCH", `/api/collections/images/records/${made.body.id}`, { token: server.ownerToken, json: { originalName: "/etc/../passwd" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.originalName).toBe("etc_passwd");
  });

  it("does the same for a sync batch, and visitors (and their zip) get the safe name", async () => {
    const batch = await server.api<Array<{ status: number; body: Names }>>("POST", "/api/batch", {
      token: server.ownerToken,
      json: { requests: [{ method: "POST", url: "/api/collections/images/records", body: { client: client.id, originalName: "a/../../b.jpg", filename: "C:\\x\r\n.jpg" } }] },
    });
    expect(batch.status).toBe(200);
    expect(batch.body[0]!.body).toMatchObject({ originalName: "a_b.jpg", filename: "C__x.jpg" });

    const seen = await server.api<{ images: Array<{ originalName: string }> }>("GET", `/api/gallery/${client.accessUrl}/all-images`, { token: server.ownerToken });
    expect(seen.status).toBe(200);
    expect(seen.body.images.map((i) => i.originalName).sort()).toEqual(["a_b.jpg", "etc_passwd"]);
  });
});

describe("delivered names", () => {
  const { makeClient, unlock } = galleryHelpers(() => server, "Delivered");

  it("downloads PNG bytes imported as invoice.hta as invoice.png, as an attachment", async () => {
    const c = await makeClient({ downloadMode: "originals" });
    const bytes = Buffer.concat([pngBytes(5), Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const form = new FormData();
    form.set("client", c.id);
    form.set("originalName", "invoice.hta");
    form.set("filename", "invoice.hta");
    form.set("mimeType", "image/png");
    form.set("original", new File([bytes], "invoice.hta"));
    const made = await server.api<{ id: string }>("POST", "/api/collections/images/records", { token: server.ownerToken, form });
    expect(made.status, JSON.stringify(made.body)).toBe(200);

    const cookie = await unlock(c);
    for (const query of ["download=single&format=original", "download=zip&format=original"]) {
      const res = await fetch(`${server.url}/api/gallery/image/${made.body.id}?${query}`, { headers: { Cookie: cookie } });
      expect(res.status, query).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("content-disposition"), query).toMatch(/^attachment; filename="invoice\.png"/);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });
});
