/**
 * Clips in ordinary multipart uploads (issue 38): a clip's original is judged by its bytes as a video (MP4, MOV,
 * WebM made now by ffmpeg) and stored under its format's extension, a web version must be an MP4, a file that only
 * claims to be a video is refused, and a video is never a poster size nor a photo's original.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clipRecord, makeClip, makeGallery, storedBytes } from "./clip-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let clientId = "";
let mp4: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  server = await startTestServer();
  clientId = await makeGallery(server);
  mp4 = makeClip();
});
afterAll(async () => server?.stop());

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type });

describe("a clip's files in an ordinary upload", () => {
  it("store an MP4, a MOV and a WebM original under the extension of what their bytes are", async () => {
    const mov = makeClip("mov");
    const webm = makeClip("webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "200k"]);
    for (const [bytes, name, type, ext] of [
      [mp4, "first dance.mp4", "video/mp4", ".mp4"],
      [mov, "IMG_0042.MOV", "video/quicktime", ".mov"],
      [webm, "phone.webm", "video/webm", ".webm"],
      [mp4, "named-wrong.mov", "video/quicktime", ".mp4"],
    ] as const) {
      const r = await clipRecord(server, clientId, { original: file(bytes, name, type) });
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.original!.endsWith(ext), r.body.original).toBe(true);
      expect(Buffer.compare(await storedBytes(server, r.body.id, r.body.original!), Buffer.from(bytes))).toBe(0);
    }
  });

  it("refuse a text file that claims to be a clip", async () => {
    const text = new TextEncoder().encode("An invoice, renamed to look like a film.\n".repeat(50));
    const r = await clipRecord(server, clientId, { original: file(text, "film.mp4", "video/mp4") });
    expect(r.status).toBe(400);
    expect(r.body.data?.original?.code).toBe("validation_not_a_video");
  });

  it("take an MP4 web version only", async () => {
    const ok = await clipRecord(server, clientId, { original: file(mp4, "a.mp4", "video/mp4"), webVideo: file(mp4, "a-web.mp4", "video/mp4") });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.webVideo).toMatch(/\.mp4$/);
    const webm = makeClip("webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "200k"]);
    const refused = await clipRecord(server, clientId, { original: file(mp4, "b.mp4", "video/mp4"), webVideo: file(webm, "b-web.mp4", "video/mp4") });
    expect(refused.status).toBe(400);
    expect(refused.body.data?.webVideo?.code).toBe("validation_web_video_not_mp4");
  });

  it("refuse a video as a poster size, and as a photo's original (photos are unchanged)", async () => {
    const poster = await clipRecord(server, clientId, { preview: file(mp4, "preview.jpg", "image/jpeg") });
    expect(poster.status).toBe(400);
    expect(poster.body.data?.preview?.code).toBe("validation_not_an_image");
    const photo = await clipRecord(server, clientId, { original: file(mp4, "photo.mp4", "video/mp4") }, "");
    expect(photo.status).toBe(400);
    expect(photo.body.data?.original?.code).toBe("validation_not_an_image");
  });
});
