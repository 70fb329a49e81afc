/**
 * How far the uploads of the running sync have come, in bytes (issue 43: the upload bar): overall and per
 * gallery, with the link's speed and the time left. The upload runner (uploadImages.ts) tells it what is
 * queued (`queue`: the bytes each image still has to send) and how each request goes (`transfer`); it
 * decides nothing and changes none of the runner's decisions. The sync ends it (`finish`).
 *
 * Bytes are the files' own (the request's multipart framing is not counted): a request's progress is a
 * fraction of its body, spread over the images it carries in proportion to their bytes. A request that
 * fails gives its bytes back (they go again). Speed: the bytes sent over the last SPEED_WINDOW_MS.
 * Listeners hear at most every PUBLISH_EVERY_MS, at once when an image starts or ends.
 */
import { throttled } from "../lib/throttled";

export const SPEED_WINDOW_MS = 8000;
/** Below this much measured time there is no speed yet (nor a time left). */
export const SPEED_MIN_MS = 1000;
export const PUBLISH_EVERY_MS = 250;
const SAMPLE_EVERY_MS = 100;

export interface ProgressFigures {
  /** Bytes the server has, or that are on their way in a request now. */
  sent: number;
  total: number;
  /** Images of it all, and of them the ones sent whole. */
  images: number;
  imagesDone: number;
  /** Seconds until the last byte is sent at the current speed; null while it is not known. */
  secondsLeft: number | null;
}

export interface GalleryProgress extends ProgressFigures {
  clientId: string;
}

export interface UploadProgressState extends ProgressFigures {
  /** Whether uploads are queued in the running sync. */
  isActive: boolean;
  /** Bytes a second over the last few seconds; null until measured. */
  bytesPerSecond: number | null;
  /** Per gallery, in the order their first image was queued. */
  galleries: GalleryProgress[];
}

export interface QueuedImage {
  imageId: string;
  clientId: string;
  /** What the image still has to send (its files on this device). */
  bytes: number;
}

export interface Transfer {
  /** The share of the request's body sent so far (0 to 1). */
  progress: (fraction: number) => void;
  /** The request ended: its bytes count as sent when `ok` (or for the images `ok` names), else they go again. */
  end: (ok: boolean | ReadonlySet<string>) => void;
}

interface ImageProgress {
  clientId: string;
  order: number;
  total: number;
  sent: number;
  inFlight: number;
}

export const IDLE: UploadProgressState = { isActive: false, sent: 0, total: 0, images: 0, imagesDone: 0, secondsLeft: null, bytesPerSecond: null, galleries: [] };

const isDone = (i: ImageProgress) => i.sent >= i.total;
const loadedOf = (i: ImageProgress) => Math.min(i.total, i.sent + i.inFlight);

export function createUploadProgress(now: () => number = () => performance.now()) {
  let images = new Map<string, ImageProgress>();
  let samples: Array<{ at: number; loaded: number }> = [];
  let state = IDLE;
  let order = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    state = compute();
    for (const l of listeners) l();
  };
  const publisher = throttled(notify, PUBLISH_EVERY_MS);

  function speed(): number | null {
    if (samples.length < 2) return null;
    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    const ms = last.at - first.at;
    return ms < SPEED_MIN_MS ? null : ((last.loaded - first.loaded) * 1000) / ms;
  }

  /** Notes the bytes loaded now (a report of a batch comes once per image it carries: one sum per SAMPLE_EVERY_MS). */
  function sample(force = true) {
    const at = now();
    const last = samples[samples.length - 1];
    if (!force && last && at - last.at < SAMPLE_EVERY_MS) return;
    let loaded = 0;
    for (const i of images.values()) loaded += loadedOf(i);
    samples.push({ at, loaded });
    while (samples.length > 2 && at - samples[1]!.at >= SPEED_WINDOW_MS) samples.shift();
  }

  function compute(): UploadProgressState {
    if (!images.size) return IDLE;
    const bytesPerSecond = speed();
    const left = (bytes: number) => (bytesPerSecond && bytesPerSecond > 0 ? bytes / bytesPerSecond : null);
    const inOrder = [...images.values()].sort((a, b) => a.order - b.order);
    const galleries = new Map<string, GalleryProgress & { lastOrder: number }>();
    let sent = 0;
    let total = 0;
    let imagesDone = 0;
    for (const i of inOrder) {
      const g = galleries.get(i.clientId) ?? { clientId: i.clientId, sent: 0, total: 0, images: 0, imagesDone: 0, secondsLeft: null, lastOrder: -1 };
      galleries.set(i.clientId, g);
      const loaded = loadedOf(i);
      g.sent += loaded;
      g.total += i.total;
      g.images++;
      sent += loaded;
      total += i.total;
      if (isDone(i)) {
        g.imagesDone++;
        imagesDone++;
      } else g.lastOrder = i.order;
    }
    // The queue goes in order: a gallery is done once everything queued before its last image is sent too.
    const out: GalleryProgress[] = [];
    for (const { lastOrder, ...g } of galleries.values()) {
      let before = 0;
      for (const i of inOrder) if (i.order <= lastOrder) before += i.total - loadedOf(i);
      out.push({ ...g, secondsLeft: g.sent >= g.total ? 0 : left(before) });
    }
    return { isActive: true, sent, total, images: images.size, imagesDone, secondsLeft: sent >= total ? 0 : left(total - sent), bytesPerSecond, galleries: out };
  }

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Images the runner queued, with the bytes each still has to send (again: its total is what it sent plus that). */
    queue(queued: QueuedImage[]) {
      if (!queued.length) return;
      for (const q of queued) {
        const known = images.get(q.imageId);
        if (known) known.total = known.sent + q.bytes;
        else images.set(q.imageId, { clientId: q.clientId, order: order++, total: q.bytes, sent: 0, inFlight: 0 });
      }
      sample();
      publisher.publish(true);
    },
    /** One request carrying these images' bytes. */
    transfer(carried: Array<{ imageId: string; bytes: number }>): Transfer {
      const parts = carried.filter((c) => images.has(c.imageId));
      let ended = false;
      return {
        progress(fraction) {
          if (ended) return;
          const f = Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0));
          for (const c of parts) images.get(c.imageId)!.inFlight = c.bytes * f;
          sample(false);
          publisher.publish();
        },
        end(ok) {
          if (ended) return;
          ended = true;
          for (const c of parts) {
            const i = images.get(c.imageId)!;
            i.inFlight = 0;
            if (ok === true || (ok !== false && ok.has(c.imageId))) i.sent = Math.min(i.total, i.sent + c.bytes);
          }
          sample();
          publisher.publish(true);
        },
      };
    },
    /** The sync ended: nothing is uploading. */
    finish() {
      publisher.cancel();
      images = new Map();
      samples = [];
      order = 0;
      if (state !== IDLE) notify();
    },
  };
}

export type UploadProgressStore = ReturnType<typeof createUploadProgress>;

/** The app's one store (the sync engine feeds it; the upload bars read it). */
export const uploadProgress = createUploadProgress();
