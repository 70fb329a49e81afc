/** Texts of the dashboard (specification, section 2). */
export const DASHBOARD_TEXTS = {
  welcome: (name: string) => `Welcome, ${name}`,
  newClient: "New Client",
  totalClients: "Total Clients",
  activeGalleries: "Active Galleries",
  expiringGalleries: "Expiring Galleries",
  recentClients: "Recent Clients",
  viewAll: "View all",
  empty: "No clients in your database yet",
  createFirst: "Create your first client",
  expiresIn: (days: number, date: string) => `Gallery expires in ${days} ${days === 1 ? "day" : "days"} (${date})`,
  extend: "Extend",
  extended: "Gallery extended",
  extendedText: (name: string, date: string) => `${name}'s gallery now expires on ${date}.`,
  undo: "Undo",
  undone: "Extension undone",
  errorUpdating: "Error updating client",
  recentActivity: "Recent activity",
  noActivity: "No client has opened a gallery yet.",
  activityOffline: "Recent activity shows when you are online.",
  activityLine: (views: number, downloads: number) =>
    `${views} view${views === 1 ? "" : "s"} · ${downloads} download${downloads === 1 ? "" : "s"}`,
  lastVisit: (when: string) => `Last visit ${when}`,
} as const;

/** How far Extend pushes an expiry. */
export const EXTEND_DAYS = 30;
