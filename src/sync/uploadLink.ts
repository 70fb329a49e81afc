/**
 * How fast the link carries uploads, measured as they run (issue 28). Each upload request of at least
 * SAMPLE_BYTES counts: its body's bytes over the time from sending it to its last byte sent (the XHR
 * upload's load; the answer where nothing reports it). Not to the answer: that adds the server's save,
 * which on a busy server would make a fast link look slow. Big enough bodies keep what a socket's send
 * buffer takes at once a small part of the sample. The estimate is the median rate of the last
 * few requests (one fast request does not turn a slow link fast), except that a slow newest request
 * turns it slow at once: a device that moves from the studio's fibre to a phone's hotspot stops sending
 * whole photos after one, instead of after three while the gallery waits for its previews. It is kept in
 * the device's sync state, so the next sync starts from what the last one measured (for LINK_MEMORY_MS;
 * older, the link is unknown again: the device may have moved).
 *
 * A fast link (FAST_LINK_BYTES_PER_S or more) sends each image whole, in one request (record, every size
 * and the original): one server write instead of three, and nothing to wait for between them. A slow or
 * unknown one sends thumbnails and previews first (the gallery is viewable early), the rest after.
 */
import type { StudioDb } from "../store/db";
import type { UploadProgress } from "./transport";

/**
 * 2.5 MB/s (20 Mbit/s): twice a 10 Mbit/s uplink, where thumbnails and previews first show the gallery
 * much sooner; a LAN or a fibre uplink is well above, even with the server reading the body slowly.
 */
export const FAST_LINK_BYTES_PER_S = 2_500_000;
/** Smaller requests measure latency, not the link. */
export const SAMPLE_BYTES = 512 * 1024;
export const LINK_MEMORY_MS = 30 * 60 * 1000;
const SAMPLES = 4;
export const LINK_KEY = "uploadLink";

export type LinkSpeed = "fast" | "slow" | "unknown";

interface StoredLink {
  bytesPerSecond: number;
  at: number;
}

export interface LinkMeter {
  speed: () => LinkSpeed;
  /** One request's body: its bytes and the ms from sending it to its answer. */
  record: (bytes: number, ms: number) => void;
  /** Keeps the estimate for the next sync (a full device keeps it in memory only). */
  save: () => Promise<void>;
}

export interface LinkMeterOptions {
  /** Fixed speed (tests of one behaviour or the other); otherwise measured. */
  fixed?: LinkSpeed;
  now?: () => number;
}

export async function loadLinkMeter(db: StudioDb, options: LinkMeterOptions = {}): Promise<LinkMeter> {
  const now = options.now ?? Date.now;
  const stored = (await db.syncState.get(LINK_KEY).catch(() => undefined))?.value as StoredLink | undefined;
  const samples: number[] = stored && now() - stored.at < LINK_MEMORY_MS && stored.bytesPerSecond > 0 ? [stored.bytesPerSecond] : [];
  let changed = false;
  const estimate = () => {
    const newest = samples[samples.length - 1]!;
    if (newest < FAST_LINK_BYTES_PER_S) return newest; // slow at once, fast only by the median
    const sorted = [...samples].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  return {
    speed: () => options.fixed ?? (samples.length ? (estimate() >= FAST_LINK_BYTES_PER_S ? "fast" : "slow") : "unknown"),
    record: (bytes, ms) => {
      if (bytes < SAMPLE_BYTES) return;
      samples.push((bytes * 1000) / Math.max(ms, 1));
      if (samples.length > SAMPLES) samples.shift();
      changed = true;
    },
    save: async () => {
      if (!changed || options.fixed) return;
      await db.syncState.put({ key: LINK_KEY, value: { bytesPerSecond: estimate(), at: now() } satisfies StoredLink }).catch(() => undefined);
    },
  };
}

/**
 * Times one upload request for the meter: `bytes` is its body's size. `request` gets a progress listener
 * to pass on: the body's last byte sent ends the sample (the link's time, without the server's save), and
 * the meter has it then, while the server still saves the request; without that report, the answer does.
 */
export async function timed<T>(meter: LinkMeter | undefined, bytes: number, report: ((p: UploadProgress) => void) | undefined, request: (onProgress: (p: UploadProgress) => void) => Promise<T>): Promise<T> {
  const started = performance.now();
  let sentAt = 0;
  const result = await request((p) => {
    if (!sentAt && p.total > 0 && p.loaded >= p.total) {
      sentAt = performance.now();
      // Known as the body's last byte leaves, before the report: the lanes this wakes see the speed.
      meter?.record(bytes, sentAt - started);
    }
    report?.(p);
  });
  if (!sentAt) meter?.record(bytes, performance.now() - started);
  return result;
}
