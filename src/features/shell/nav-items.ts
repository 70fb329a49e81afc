/** The owner's navigation (specification, section 2). */
export const NAV_ITEMS = [
  { to: "/", label: "Dashboard", end: true },
  { to: "/clients", label: "Clients", end: false },
  { to: "/converter", label: "Image Converter", end: false },
  { to: "/settings", label: "Settings", end: false },
] as const;
