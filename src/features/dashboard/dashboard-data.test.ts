import { describe, expect, it } from "vitest";
import type { ClientRow } from "../../store/rows";
import { dashboardData } from "./dashboard-data";

const now = new Date("2026-06-10T12:00:00Z");
function client(name: string, enabled: boolean, expirationDate: string): ClientRow {
  return { id: name, name, email: "", eventType: "Wedding", eventDate: "", notes: "", accessUrl: name, accessCode: "X", expirationDate, enabled, downloadMode: "originals", downloadPin: "", galleryEmailAt: 0, noReminders: false, createdAt: "", server: null, serverUpdated: "", fieldTimes: {} };
}

describe("dashboardData", () => {
  it("counts active galleries and lists at most three expiring within seven whole days, soonest first", () => {
    const clients = [
      client("no-expiry", true, ""),
      client("dormant-soon", false, "2026-06-12 00:00:00.000Z"),
      client("expired", true, "2026-06-09 00:00:00.000Z"),
      client("in-7", true, "2026-06-17 20:00:00.000Z"),
      client("in-8", true, "2026-06-18 13:00:00.000Z"),
      client("in-0", true, "2026-06-10 20:00:00.000Z"),
      client("in-2", true, "2026-06-12 13:00:00.000Z"),
      client("in-5", true, "2026-06-15 13:00:00.000Z"),
    ];
    const data = dashboardData(clients, now);
    expect(data.total).toBe(8);
    expect(data.active).toBe(6);
    expect(data.expiring.map((e) => [e.client.name, e.days])).toEqual([["in-0", 0], ["in-2", 2], ["in-5", 5]]);
    // The counter counts every gallery expiring within 7 days, not only the three listed.
    expect(data.expiringCount).toBe(4);
    expect(data.recent.map((c) => c.name)).toEqual(["no-expiry", "dormant-soon", "expired", "in-7", "in-8"]);
  });
});
