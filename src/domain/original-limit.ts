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
