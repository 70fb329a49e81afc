/**
 * Clips in an import (issue 38): each is checked against the studio's clip limit before any work, made
 * through the video tools' seam one at a time, and stored like a photo (row, bytes through the one writer,
 * outbox create, journal mark in one transaction); a bad clip fails alone with its reason. No network.
 */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { VideoError, type VideoProbe } from "../domain/video";
import type { ProcessedImage } from "../workers-client/media";
import type { ImportItem } from "./importItems";
import { MEDIA_TEXTS } from "./texts";
import type { VideoTools } from "./videoTools";
import type * as DbModule from "../store/db";

type DbExports = typeof DbModule;

// Node has no Storage API: the import's space budget is then unlimited, as in a browser without one.
vi.stubGlobal("navigator", {});
vi.mock("../store/db", async (importOriginal) => {
  const actual = await importOriginal<DbExports>();
  return { ...actual, db: new actual.StudioDb(`wing-import-${Date.now()}`) };
});
const { db } = await import("../store/db");
const { importPhotos } = await import("./importPhotos");
const { startImport } = await import("../store/repositories/imports");

const MB = 1024 * 1024;
const head = [0, 0, 0, 0x20, ...[..."ftypisom"].map((c) => c.charCodeAt(0))];
const clip = (name: string, bytes = 64) => new File([new Uint8Array([...head, ...new Array(bytes).fill(1)])], name, { type: "video/mp4" });
/** A file whose size says more than its bytes: the limit is checked on the size the import was given. */
const sized = (file: File, size: number) => ({ id: file.name, file, size });

const PROBE: VideoProbe = {
  container: "mov",
  mimeType: "video/quicktime",
  durationS: 42,
  width: 3840,
  height: 2160,
  rotation: 90,
  videoCodec: "hevc",
  audioCodec: "aac",
  bitrate: 40_000_000,
  frameRate: 30,
  createdAt: "",
  fastStart: false,
  canDecode: true,
};
const SIZES = { thumbnail: new Blob(["t"]), medium: new Blob(["m"]), large: new Blob(["l"]), preview: new Blob(["p"]), placeholder: "hash" } as ProcessedImage;

function fakeTools() {
  const t = {
    running: 0,
    most: 0,
    probe: vi.fn(async (file: Blob): Promise<VideoProbe> => {
      if ((file as File).name === "broken.mov") throw new VideoError("corrupt");
      return PROBE;
    }),
    poster: vi.fn(async () => new Blob(["poster"], { type: "image/jpeg" })),
    webVersion: vi.fn(async (_file: Blob, _probe: VideoProbe, _options: unknown): Promise<Blob> => {
      t.most = Math.max(t.most, ++t.running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      t.running--;
      return new Blob(["web"], { type: "video/mp4" });
    }),
    crc32: vi.fn(async (file: Blob) => `0000000${(file as File).name.length % 10}`),
    sizes: vi.fn(async () => SIZES),
  };
  return t satisfies VideoTools;
}

let items: Record<string, Partial<ImportItem>>;
const update = (id: string, patch: Partial<ImportItem>) => (items[id] = { ...items[id], ...patch });

beforeEach(async () => {
  items = {};
  await Promise.all([db.images.clear(), db.imageBlobs.clear(), db.outbox.clear(), db.settings.clear(), db.imports.clear()]);
  await db.settings.put({ id: "s", maxVideoMB: 1, enableWatermark: false } as never);
});

describe("clips in an import", () => {
  it("stores good clips like photos, refuses a clip over the studio's limit before any work, and a broken one fails alone", async () => {
    const tools = fakeTools();
    const files = [sized(clip("a.mp4"), 100), sized(clip("b.MOV"), 200), sized(clip("big.mp4"), 2 * MB), sized(clip("broken.mov"), 300)];
    const journal = await startImport(db, { kind: "images", page: "p", client: "c1", files: files.map(({ id, size }) => ({ key: id, name: id, size })) });
    const outcome = await importPhotos("c1", files, update, { checkDuplicates: false, journalId: journal.id, set: "ceremony" }, tools);

    expect(outcome).toMatchObject({ stored: 2, duplicates: [], noSpace: [] });
    expect(items["big.mp4"]).toMatchObject({ status: "error", error: MEDIA_TEXTS.clipTooLarge("1 MB") });
    expect(items["broken.mov"]).toMatchObject({ status: "error", error: MEDIA_TEXTS.clipRefused.corrupt });
    expect(items["a.mp4"]).toMatchObject({ status: "success", progress: 100, step: undefined });
    expect(tools.probe).toHaveBeenCalledTimes(3); // never for the clip over the limit
    expect(tools.most).toBe(1); // web versions one at a time

    const rows = (await db.images.toArray()).sort((a, b) => a.filename.localeCompare(b.filename));
    expect(rows.map((r) => [r.filename, r.kind, r.webStatus, r.duration, r.set, r.width, r.height])).toEqual([
      ["a.mp4", "video", "made", 42, "ceremony", 3840, 2160],
      ["b.MOV", "video", "made", 42, "ceremony", 3840, 2160],
    ]);
    const bytes = await db.imageBlobs.get(rows[0]!.id);
    expect(Object.keys(bytes!).sort()).toEqual(["id", "large", "medium", "original", "preview", "thumbnail", "webVideo"]);
    const creates = await db.outbox.toArray();
    expect(creates.map((e) => [e.op, e.fields.kind, e.fields.webStatus])).toEqual([
      ["create", "video", "made"],
      ["create", "video", "made"],
    ]);
    expect((await db.imports.get(journal.id))?.done?.sort()).toEqual(["a.mp4", "b.MOV"]);
  });

  it("says a clip kept without a web version once, and cancel stops the clips still waiting", async () => {
    const tools = fakeTools();
    tools.probe.mockResolvedValue({ ...PROBE, canDecode: false });
    const outcome = await importPhotos("c1", [sized(clip("x.mov"), 10), sized(clip("y.mov"), 10)], update, { checkDuplicates: false }, tools);
    expect(outcome.notes).toEqual([MEDIA_TEXTS.clipKeptHevc]);
    expect(items["x.mov"]).toMatchObject({ status: "success", note: MEDIA_TEXTS.clipKeptHevc });

    const abort = new AbortController();
    const slow = fakeTools();
    slow.webVersion.mockImplementation(async () => {
      abort.abort();
      throw new VideoError("cancelled");
    });
    const stopped = await importPhotos("c1", [sized(clip("p.mp4"), 10), sized(clip("q.mp4"), 10)], update, { checkDuplicates: false, signal: abort.signal }, slow);
    expect(stopped.stored).toBe(0);
    expect([items["p.mp4"]?.status, items["q.mp4"]?.status]).toEqual(["cancelled", "cancelled"]);
    expect(slow.webVersion).toHaveBeenCalledTimes(1);
  });
});
