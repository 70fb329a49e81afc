import { describe, expect, it } from "vitest";
import { readZipDirectory } from "./readZip";
import { writeZip } from "./writeZip";

const progress = { item: () => undefined, total: () => undefined };

describe("the visitor's zip", () => {
  it("writes every entry as one plain, safe name, never a path", async () => {
    const names = ["../../x.jpg", "..\\..\\Windows\\win.jpg", "/etc/passwd.jpg", "evil\u0000.jpg", "x.jpg", "C:x.jpg"];
    const sources = names.map((name, i) => ({ id: String(i), name, blob: new Blob([new Uint8Array([i, 1, 2, 3])]) }));
    const zip = await new Response(writeZip(sources, progress)).blob();
    const entries = await readZipDirectory(zip); // refuses any entry that climbs out or is absolute
    expect(entries.map((e) => e.name)).toEqual(["x.jpg", "Windows_win.jpg", "etc_passwd.jpg", "evil.jpg", "x (2).jpg", "C_x.jpg"]);
  });
});
