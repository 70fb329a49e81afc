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
  /** `photos`: photos downloaded, one by one or in zips (the client's card says the same figure by the same words). */
  activityLine: icu<[views: number, photos: number]>(
    "{views, plural, one {# view} other {# views}} · {photos, plural, one {# photo downloaded} other {# photos downloaded}}",
    "views",
    "photos",
  ),
  lastVisit: icu<[when: string]>("Last visit {when}", "when"),
});

/** How far Extend pushes an expiry. */
export const EXTEND_DAYS = 30;
