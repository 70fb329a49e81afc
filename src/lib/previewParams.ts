/**
 * The owner's 'Preview as client' (issue 27) in a gallery page's address: `?preview=1&lang=fr&theme=dark`.
 * The owner's app writes it (features/clients), the server draws the page in that language and theme
 * (pb_hooks/lib/handlers/visitor_pages.js) and the visitor's app reads it. Only a look: whether the page opens is
 * the preview session's to decide on the server.
 */
export interface PreviewParams {
  lang: string;
  theme: "light" | "dark" | "";
}

/** The preview's choices in `search` (a location's query), or null for a visitor's page. */
export function previewParams(search: string): PreviewParams | null {
  const q = new URLSearchParams(search);
  if (q.get("preview") !== "1") return null;
  const theme = q.get("theme");
  return { lang: q.get("lang") ?? "", theme: theme === "dark" || theme === "light" ? theme : "" };
}

/** The address of the preview of the gallery at `path` (`/gallery/{accessUrl}`). */
export function previewHref(path: string, params: PreviewParams): string {
  const q = new URLSearchParams({ preview: "1" });
  if (params.lang) q.set("lang", params.lang);
  if (params.theme) q.set("theme", params.theme);
  return `${path}?${q.toString()}`;
}
