/** What the dashboard shows, derived from the clients (specification, section 4). */
import { daysUntilExpiry, galleryStatus, isExpiringSoon } from "../../domain/gallery-status";
import type { ClientRow } from "../../store/rows";

export const RECENT_COUNT = 5;
export const EXPIRING_COUNT = 3;

export interface DashboardData {
  total: number;
  active: number;
  /** Every gallery expiring within 7 days (the counter). */
  expiringCount: number;
  /** The soonest of them, at most EXPIRING_COUNT (the list). */
  expiring: Array<{ client: ClientRow; days: number }>;
  recent: ClientRow[];
}

/** `clients` newest first. Expiring: enabled galleries 0-7 whole days from expiry, soonest first. */
export function dashboardData(clients: ClientRow[], now: Date): DashboardData {
  const expiring = clients
    .filter((c) => galleryStatus(c, now) === "Active" && isExpiringSoon(c, now))
    .map((client) => ({ client, days: daysUntilExpiry(client, now)! }))
    .sort((a, b) => a.client.expirationDate.localeCompare(b.client.expirationDate));
  return {
    total: clients.length,
    active: clients.filter((c) => galleryStatus(c, now) === "Active").length,
    expiringCount: expiring.length,
    expiring: expiring.slice(0, EXPIRING_COUNT),
    recent: clients.slice(0, RECENT_COUNT),
  };
}
