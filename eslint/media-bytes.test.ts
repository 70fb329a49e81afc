/** The one writer of media bytes can't silently gain a second: ESLint refuses each write elsewhere. */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function writerMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { db } from "../store/db";\n${code}\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "media-bytes/one-writer").map((m) => m.message);
}

const WRITES = [
  'void db.imageBlobs.put({ id: "a" });',
  'void db.imageBlobs.add({ id: "a" });',
  'void db.imageBlobs.update("a", { jpeg: undefined });',
  'void db.imageBlobs.delete("a");',
  'void db.imageBlobs.bulkDelete(["a"]);',
  'void db.imageBlobs.where("id").equals("a").modify({ jpeg: undefined });',
  'void db.table("imageBlobs").put({ id: "a" });',
];

describe("the one writer of media bytes", { timeout: 60_000 }, () => {
  it.each(WRITES)("refuses in a feature, the media wing, sync's cache and the store's other modules: %s", async (code) => {
    for (const file of ["src/features/upload/x.fixture.ts", "src/media/x.fixture.ts", "src/sync/imageFiles.fixture.ts", "src/store/repositories/images.fixture.ts"]) {
      expect(await writerMessages(file, code), file).toEqual([expect.stringMatching(/Only src\/store\/repositories\/mediaBytes\.ts writes media bytes/)]);
    }
  });

  it.each(WRITES)("accepts in the store's media bytes module and the sync's upload confirmations: %s", async (code) => {
    for (const file of ["src/store/repositories/mediaBytes.ts", "src/sync/uploadOriginal.ts", "src/sync/upload/runner.ts"]) {
      expect(await writerMessages(file, code), file).toEqual([]);
    }
  });

  it("lets anyone read, and name the table in a transaction", async () => {
    const code = 'void db.imageBlobs.get("a");\nvoid db.imageBlobs.bulkGet(["a"]);\nvoid db.transaction("rw", db.imageBlobs, () => db.images.delete("a"));';
    expect(await writerMessages("src/features/upload/y.fixture.ts", code)).toEqual([]);
  });
});
