/**
 * The studio logo's address as everyone fetches it: a public gallery route (pb_hooks/lib/handlers/gallery_api.js),
 * versioned by the stored file's name so a new logo busts every cache.
 */
export function logoUrl(logo: string): string {
  return logo ? `/api/gallery/studio/logo?v=${encodeURIComponent(logo)}` : "";
}
