/**
 * Issue 39, a hundred times the data: the queries a visitor's gallery and the owner's sync run on every
 * request are answered by an index, in order, whatever the size of the studio (the figures are in
 * bench/scale.bench.ts; a plan does not depend on the number of rows, so a few rows show it). SQLite's
 * own EXPLAIN QUERY PLAN on the server's database, with and without the statistics ANALYZE writes.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryHelpers } from "./gallery-fixture";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const h = galleryHelpers(() => server);
  const a = await h.makeClient();
  const b = await h.makeClient({ name: "Ada Lovelace" });
  for (let i = 0; i < 4; i++) await h.addImage(i % 2 ? a.id : b.id, `p${i}.png`, i + 1);
});
afterAll(async () => server?.stop());

function plan(statement: string, prefix = ""): string {
  return execFileSync("sqlite3", [path.join(server.dataDir, "data.db"), `${prefix}EXPLAIN QUERY PLAN ${statement}`], { encoding: "utf8" });
}

// The visitor's page (lib/core/gallery_images.js visitorImagesJson), the cover (gallery_api.js coverImageId)
// and the count (visitorImageCount): a gallery's live photos in the grid's order.
const GALLERY_PAGE = "SELECT id, originalName, thumbnail FROM images WHERE client = 'c' AND trashedAt = '' ORDER BY uploadedAt, id LIMIT 100 OFFSET 4900";
const GALLERY_COUNT = "SELECT COUNT(*) FROM images WHERE client = 'c' AND trashedAt = ''";
// The device's pull (src/sync/pullChanges.ts): keyset on (updated, id) from its cursor.
const pull = (table: string) => `SELECT * FROM ${table} WHERE (updated > 'u' OR (updated = 'u' AND id > 'i')) ORDER BY updated, id LIMIT 500`;

describe.each([
  ["without statistics", "DELETE FROM sqlite_stat1 WHERE tbl = 'images'; "],
  ["after ANALYZE", "ANALYZE; "],
])("query plans %s", (_name, prefix) => {
  it("reads a visitor's page of a gallery through idx_images_gallery, in order (no sort of the gallery, no scan of the studio)", () => {
    const p = plan(GALLERY_PAGE, prefix);
    expect(p).toContain("idx_images_gallery (client=? AND trashedAt=?)");
    expect(p).not.toContain("TEMP B-TREE");
    expect(plan(GALLERY_COUNT, prefix)).toContain("idx_images_gallery (client=? AND trashedAt=?)");
  });

  it.each(["clients", "images", "sets", "tombstones", "proof_favourites"])("pulls %s from the cursor through its (updated, id) index", (table) => {
    const p = plan(pull(table), prefix);
    expect(p).toMatch(new RegExp(`USING (COVERING )?INDEX idx_${table}_updated`));
    expect(p).not.toContain("TEMP B-TREE");
  });
});
