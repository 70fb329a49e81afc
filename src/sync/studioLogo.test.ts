/**
 * The studio logo kept on the device: fetched once per logo after a pull, read by imports from the store.
 */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../store/test-db";
import PocketBase from "pocketbase";
import { afterEach, describe, expect, it, vi } from "vitest";
import { studioLogo } from "../store/repositories/settings";
import { keepStudioLogo } from "./studioLogo";

const row = (logo: string) => ({ id: "settings0000001", logo, companyName: "S", server: null, serverUpdated: "", fieldTimes: {} });

afterEach(() => vi.unstubAllGlobals());

describe("studio logo on the device", () => {
  it("is fetched once per logo and then read from the store", async () => {
    const db = testDb("logo");
    const pb = new PocketBase("http://127.0.0.1:1");
    const fetchMock = vi.fn(async (_url: string) => new Response(new Blob(["PNG"], { type: "image/png" })));
    vi.stubGlobal("fetch", fetchMock);
    await db.settings.put(row("a.png") as never);
    expect(await studioLogo(db)).toBeNull();
    expect(await keepStudioLogo(db, pb)).toBe(true);
    expect(await keepStudioLogo(db, pb)).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain("/api/gallery/studio/logo?v=a.png");
    expect(await (await studioLogo(db))!.text()).toBe("PNG");
    // A new logo on the server: the old bytes are not used for it.
    await db.settings.update("settings0000001", { logo: "b.png" });
    expect(await studioLogo(db)).toBeNull();
  });
});
