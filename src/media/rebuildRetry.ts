/**
 * When media/rebuildSizes.ts tries again an image whose sizes failed in this session: a minute after the
 * failure, then 4 and 16 minutes after the next ones, at most four tries, then not until the app is reopened.
 */
export interface Failure {
  tries: number;
  /** Date.now() before which it is not tried again. */
  notBefore: number;
}

const RETRY_AFTER_MS = 60_000;
const MAX_TRIES = 4;

/** Whether an image that failed may be tried again now (pure: exported for its unit test). */
export function mayRetry(entry: Failure | undefined, now: number): boolean {
  return !entry || (entry.tries < MAX_TRIES && now >= entry.notBefore);
}

/** The entry after one more failure at `now`: the wait grows fourfold (1, 4, 16 minutes). */
export function afterFailure(entry: Failure | undefined, now: number): Failure {
  const tries = (entry?.tries ?? 0) + 1;
  return { tries, notBefore: now + RETRY_AFTER_MS * 4 ** (tries - 1) };
}
