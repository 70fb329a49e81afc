/**
 * The largest original the studio accepts (issue 25): its setting `maxOriginalMB` (Settings > General),
 * 20 MB by default as the specification says, at most 200 MB (45-60 MP cameras write 25-40 MB JPEGs). The
 * server enforces the same figures (pb_hooks/lib/rules/original_limit.js); this is what the import checks first.
 */
export const DEFAULT_ORIGINAL_MB = 20;
/** The ceiling: the images collection's original field, nginx's body limit and memory all allow this. */
export const MAX_ORIGINAL_MB = 200;

/** The studio's limit in bytes; 0, missing or out-of-range settings mean the default. */
export function originalLimitBytes(settings?: { maxOriginalMB?: number | null } | null): number {
  const mb = Number(settings?.maxOriginalMB);
  const valid = Number.isInteger(mb) && mb >= 1 && mb <= MAX_ORIGINAL_MB;
  return (valid ? mb : DEFAULT_ORIGINAL_MB) * 1024 * 1024;
}

/** A clip's default limit (issue 38): 4 GB, an hour of 4K from most cameras. */
export const DEFAULT_VIDEO_MB = 4096;
/** The ceiling the studio may set for clips (the images collection's original field allows 64 GB). */
export const MAX_VIDEO_MB = 65536;

/** The studio's limit for clips in bytes; 0, missing or out-of-range settings mean the default. */
export function videoLimitBytes(settings?: { maxVideoMB?: number | null } | null): number {
  const mb = Number(settings?.maxVideoMB);
  const valid = Number.isInteger(mb) && mb >= 1 && mb <= MAX_VIDEO_MB;
  return (valid ? mb : DEFAULT_VIDEO_MB) * 1024 * 1024;
}
