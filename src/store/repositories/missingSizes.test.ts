/**
 * The check after each sync for photos lacking an added size reads only the rows that lack one (issue 39):
 * counted at Dexie's storage layer (every row a query or cursor hands up), not timed.
 */
import { testDb } from "../test-db";
import { describe, expect, it } from "vitest";
import type { DBCore, DBCoreTable } from "dexie";
import type { StudioDb } from "../db";
import type { ImageRow } from "../rows";
import { firstInGalleries, firstMissingSizes } from "./missingSizes";

/** Counts the rows the database hands to Dexie (reads, queries and cursor steps); installed before it opens. */
function countRowsRead(db: StudioDb): { rows: number } {
  const counter = { rows: 0 };
  db.use({
    stack: "dbcore",
    name: "rows-read",
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name: string): DBCoreTable => {
        const table = down.table(name);
        return {
          ...table,
          get: async (req) => {
            const row = await table.get(req);
            if (row !== undefined) counter.rows++;
            return row;
          },
          getMany: async (req) => {
            const rows = await table.getMany(req);
            counter.rows += rows.filter((r) => r !== undefined).length;
            return rows;
          },
          query: async (req) => {
            const result = await table.query(req);
            counter.rows += result.result.length;
            return result;
          },
          openCursor: async (req) => {
            const cursor = await table.openCursor(req);
            if (!cursor) return cursor;
            const start = cursor.start.bind(cursor);
            cursor.start = (onNext: () => void) =>
              start(() => {
                counter.rows++;
                onNext();
              });
            return cursor;
          },
        };
      },
    }),
  });
  return counter;
}

function row(n: number, missing: "" | "placeholder" | "medium" = "", client = "client000000001"): ImageRow {
  const id = `image${String(n).padStart(10, "0")}`;
  return {
    id,
    client,
    filename: `${n}.jpg`,
    originalName: `${n}.jpg`,
    fileSize: 3,
    mimeType: "image/jpeg",
    width: 1,
    height: 1,
    checksum: "",
    placeholder: missing === "placeholder" ? "" : "data:x",
    metadata: null,
    uploadedAt: "2026-01-01 00:00:00.000Z",
    files: { original: "o.jpg", thumbnail: "t.jpg", medium: missing === "medium" ? "" : "m.jpg", large: "l.jpg", preview: "p.jpg" },
    trashedAt: "",
  } as unknown as ImageRow;
}

describe("photos lacking an added size", () => {
  it("are found without reading the complete ones", async () => {
    const db = testDb("missing-sizes");
    const counter = countRowsRead(db);
    await db.images.bulkAdd([...Array.from({ length: 300 }, (_, i) => row(i)), row(300, "medium"), row(301, "placeholder")]);
    expect(await db.images.count()).toBe(302);
    expect(await db.images.filter(() => false).first()).toBeUndefined();
    expect(counter.rows).toBe(302); // the counter sees a whole-table read
    counter.rows = 0;
    const wanted = (r: ImageRow) => !r.placeholder || !r.files.medium || !r.files.large;
    const first = await firstMissingSizes(db, wanted);
    expect([row(300).id, row(301).id]).toContain(first?.id);
    expect(counter.rows).toBeLessThanOrEqual(4);
  });

  it("read nothing once every photo has its sizes", async () => {
    const db = testDb("missing-sizes");
    const counter = countRowsRead(db);
    await db.images.bulkAdd(Array.from({ length: 300 }, (_, i) => row(i)));
    counter.rows = 0;
    expect(await firstMissingSizes(db, () => true)).toBeUndefined();
    expect(counter.rows).toBe(0);
  });
});

describe("photos of the galleries that deliver JPEGs", () => {
  it("are read from those galleries only", async () => {
    const db = testDb("jpeg-galleries");
    const counter = countRowsRead(db);
    await db.images.bulkAdd([...Array.from({ length: 300 }, (_, i) => row(i)), row(300, "", "client000000002"), row(301, "", "client000000002")]);
    counter.rows = 0;
    const seen: string[] = [];
    const none = await firstInGalleries(db, ["client000000002"], (r) => (seen.push(r.id), false));
    expect(none).toBeUndefined();
    expect(seen.sort()).toEqual([row(300).id, row(301).id]);
    expect(counter.rows).toBeLessThanOrEqual(2);
    expect(await firstInGalleries(db, [], () => true)).toBeUndefined();
  });
});
