/** Texts of the dashboard (specification, section 2). */
import { icu, localized } from "../../lib/i18n/i18n";

export const DASHBOARD_TEXTS = localized("dashboard", {
  welcome: icu<[name: string]>("Welcome, {name}", "name"),
  newClient: "New Client",
  totalClients: "Total Clients",
  activeGalleries: "Active Galleries",
  expiringGalleries: "Expiring Galleries",
  recentClients: "Recent Clients",
  viewAll: "View all",
  empty: "No clients in your database yet",
  createFirst: "Create your first client",
  expiresIn: icu<[days: number, date: string]>("Gallery expires in {days, plural, one {# day} other {# days}} ({date})", "days", "date"),
  extend: "Extend",
  extended: "Gallery extended",
  extendedText: icu<[name: string, date: string]>("{name}'s gallery now expires on {date}.", "name", "date"),
  undo: "Undo",
  undone: "Extension undone",
  errorUpdating: "Error updating client",
  recentActivity: "Recent activity",
  noActivity: "No client has opened a gallery yet.",
  activityOffline: "Recent activity shows when you are online.",
  activityLine: icu<[views: number, downloads: number]>(
    "{views, plural, one {# view} other {# views}} · {downloads, plural, one {# download} other {# downloads}}",
    "views",
    "downloads",
  ),
  lastVisit: icu<[when: string]>("Last visit {when}", "when"),
});

/** How far Extend pushes an expiry. */
export const EXTEND_DAYS = 30;
