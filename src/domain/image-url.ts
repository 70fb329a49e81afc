/**
 * The address of one image file on the server (`GET /api/gallery/image/{id}`, pb_hooks/lib/handlers/gallery_api.js):
 * the owner's screens and the visitor's gallery ask the same endpoint, with different queries.
 */
export function galleryImageUrl(id: string, query: Record<string, string | number> = {}): string {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `/api/gallery/image/${encodeURIComponent(id)}${params ? `?${params}` : ""}`;
}
