/** A gallery's expiry is the day the owner chose (issue 37, item 12): a change of the studio's zone never moves it. */
// First: it installs fake-indexeddb, which Dexie must find when it loads.
import { testDb } from "../test-db";
import { describe, expect, it } from "vitest";
import { chosenExpiryDay } from "../../domain/gallery-status";
import { createClient, updateClient } from "./clients";
import { updateSettings } from "./settings";

describe("the expiry day", () => {
  it("shows and saves again the day chosen under UTC once the studio's zone is Europe/Berlin (or Los Angeles)", async () => {
    const db = testDb("expiry-day");
    await db.settings.put({ id: "studio", timeZone: "UTC", fieldTimes: {} } as never);
    const made = await createClient(db, { name: "Ada", expirationDate: "2026-06-09" });
    expect(made.expirationDate).toBe("2026-06-10 00:00:00.000Z");
    for (const zone of ["Europe/Berlin", "America/Los_Angeles"]) {
      await updateSettings(db, { timeZone: zone });
      const row = (await db.clients.get(made.id))!;
      // What the client form shows (clientFormValues).
      const shown = chosenExpiryDay(row, zone);
      expect(shown).toBe("2026-06-09");
      // The next save of the form sends the same day.
      await updateClient(db, made.id, { name: "Ada L.", expirationDate: shown });
      expect(chosenExpiryDay((await db.clients.get(made.id))!, zone)).toBe("2026-06-09");
    }
    const pushed = (await db.outbox.toArray()).filter((e) => e.recordId === made.id);
    expect(pushed[0]!.fields).toMatchObject({ expiryDay: "2026-06-09" });
    await updateClient(db, made.id, { expirationDate: "" });
    expect(await db.clients.get(made.id)).toMatchObject({ expiryDay: "", expirationDate: "" });
  });

});
