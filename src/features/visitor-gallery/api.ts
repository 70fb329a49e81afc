/**
 * The visitor gallery's own client (specification, section 7), with the session cookie the server sets.
 * No PocketBase SDK here: the visitor's chunk stays small. Every answer is parsed at this edge (with the small
 * validator of src/lib/guards.ts, issue 43: no zod in the visitor's chunks),
 * so a server that answers something else fails here with a clear error instead of deep in a component.
 * Errors carry the status and read "status: body" (specification, section 8), with the server's message
 * when it sent one: a refusal's (pb_hooks/lib/rules/refusals.js) in the visitor's language, its code and parameters.
 */
import * as g from "../../lib/guards";
import { firstRequestPath, takeFirstRequest } from "./firstRequest";
import { galleryImageUrl } from "../../domain/image-url";
import { COVER_STYLES, TYPEFACES, isVideo } from "../../domain/records";
import { hasWebVersion } from "../../domain/image-files";
import type { PowSolution } from "../../workers-client/pow";
import { DOWNLOAD_TEXTS } from "../downloads/texts";
import { refusalIn, refusalMessage, refusalText, type Refusal } from "../../lib/refusals/refusals";
import { retryAfterSeconds } from "./errors/retryAfter";

export const StudioBrandingSchema = g.object({
  companyName: g.string(),
  email: g.string(),
  websiteUrl: g.string(),
  primaryColor: g.string(),
  enableWatermark: g.boolean(),
  logoUrl: g.string(),
});
export type StudioBranding = g.Infer<typeof StudioBrandingSchema>;

export const GalleryImageSchema = g.object({
  id: g.string(),
  originalName: g.string(),
  filename: g.string(),
  fileSize: g.number(),
  /** The original's type (its format by its bytes), which the download dialog names when it goes as shot. */
  mimeType: g.withDefault(g.string(), ""),
  width: g.optional(g.number()),
  height: g.optional(g.number()),
  uploadedAt: g.optional(g.string()),
  /** ThumbHash, base64; "" for an image not rebuilt yet. */
  placeholder: g.withDefault(g.string(), ""),
  /** Long edges the image has files for (src/domain/image-sizes.ts). */
  sizes: g.withDefault(g.array(g.number()), []),
  /** CRC-32 of the original (8 hex digits) for the zip to copy its bytes; "" when the server has none. */
  crc32: g.withDefault(g.string(), ""),
  /** Whether its web size (2,048 px) is a JPEG; images imported before issue 25 have a WebP one. */
  webJpeg: g.withDefault(g.boolean(), false),
  /** Whether the owner's device made a full-size JPEG of this (HEIC, TIFF, AVIF or WebP) original (issue 25). */
  hasJpeg: g.withDefault(g.boolean(), false),
  /** The set (issue 26) it is in; "" for none. */
  set: g.withDefault(g.string(), ""),
  /** Issue 38: "video" for a clip ("" a photo), its length in seconds, and its web version's status (src/domain/records.ts). */
  kind: g.withDefault(g.string(), ""),
  duration: g.withDefault(g.number(), 0),
  webStatus: g.withDefault(g.string(), ""),
  /** A clip's video codec as read on import (mediabunny's name: "avc", "hevc", "vp9", "av1"...), "" unknown. */
  codec: g.withDefault(g.string(), ""),
});
export type GalleryImage = g.Infer<typeof GalleryImageSchema>;

/** A set of the gallery (issue 26), in the owner's order, with how many photos it holds. */
export const GallerySetSchema = g.object({ id: g.string(), name: g.string(), count: g.number() });
export type GallerySet = g.Infer<typeof GallerySetSchema>;

/** What this visitor may download (pb_hooks/lib/handlers/delivery.js); the server enforces it, the page only follows. */
export const DeliverySchema = g.object({
  downloads: g.enumOf(["off", "web", "originals"]),
  /** Originals as shot, or as the full-size JPEG the owner's device made (issue 25); the server decides which file goes. */
  originalsAs: g.withDefault(g.enumOf(["shot", "jpeg"]), "shot"),
  pinRequired: g.boolean(),
  pinVerified: g.boolean(),
});
export type Delivery = g.Infer<typeof DeliverySchema>;

export const GalleryInfoSchema = g.object({
  name: g.string(),
  accessUrl: g.string(),
  eventDate: g.withDefault(g.string(), ""),
  accessCodeVerified: g.boolean(),
  pagination: g.object({ total: g.number(), totalPages: g.optional(g.number()) }),
  /** With `first`, to an unlocked visitor: the first images in the grid's order. */
  images: g.optional(g.array(GalleryImageSchema)),
  /** The cover photo's id (the owner's pick, else the first image); told only to an unlocked visitor. */
  coverImage: g.withDefault(g.string(), ""),
  /** The gallery's sets; none while locked, and for a gallery without sets. */
  sets: g.withDefault(g.array(GallerySetSchema), []),
  studio: g.nullable(StudioBrandingSchema),
  /** Light or dark (issue 27): the gallery's own, else the studio's default. */
  theme: g.withDefault(g.orElse(g.enumOf(["light", "dark"]), "light"), "light"),
  /** The cover style and typeface pairing (issue 27): the gallery's own, else the studio's default. */
  coverStyle: g.withDefault(g.orElse(g.enumOf(COVER_STYLES), "full"), "full"),
  typefaces: g.withDefault(g.orElse(g.enumOf(TYPEFACES), "system"), "system"),
  /** Null while locked. */
  delivery: g.withDefault(g.nullable(DeliverySchema), null),
  /** The owner's preview (issue 27, pb_hooks/lib/core/gallery_preview.js), and the client's id for the way back. */
  preview: g.withDefault(g.boolean(), false),
  client: g.withDefault(g.string(), ""),
});
export type GalleryInfo = g.Infer<typeof GalleryInfoSchema>;

const AccessSchema = g.object({ accessUrl: g.optional(g.string()) });
const VerifySchema = g.object({ success: g.boolean() });
const ImageListSchema = g.object({ images: g.array(GalleryImageSchema) });
const ImagePageSchema = g.object({ images: g.array(GalleryImageSchema), pagination: g.object({ total: g.number(), totalPages: g.number() }) });

export class GalleryApiError extends Error {
  /** The server's refusal (code and parameters), when the answer carried one. */
  readonly refusal: Refusal | null;
  constructor(
    readonly status: number,
    /** What the server said, in the visitor's language when it is a refusal the app knows. */
    readonly serverMessage: string,
    message: string,
    /** The error body's `data` (a 428's proof-of-work challenge, the refusal). */
    readonly data: unknown = undefined,
    /** A 429's Retry-After in seconds (0 when none was sent). */
    readonly retryAfter = 0,
  ) {
    super(message);
    this.name = "GalleryApiError";
    this.refusal = refusalIn({ data });
  }
}

/** Status 0: the request never reached the server (offline, or the server is down). */
export const isNetworkError = (err: unknown) => err instanceof GalleryApiError && err.status === 0;

export async function call<T>(schema: g.Schema<T>, path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    // The page's first request may be in flight already, started by the entry (firstRequest.ts).
    res = await ((!init && takeFirstRequest(path)) || fetch(path, { credentials: "same-origin", ...init, headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}), ...init?.headers } }));
  } catch {
    throw new GalleryApiError(0, "", "Network error: the server could not be reached.");
  }
  const text = await res.text();
  if (!res.ok) {
    let message: string;
    let data: unknown;
    try {
      const parsed = JSON.parse(text) as { message?: string; data?: unknown };
      const refusal = refusalIn(parsed);
      message = refusal ? refusalText(refusal, parsed.message ?? "") : (parsed.message ?? "");
      data = parsed.data;
    } catch {
      message = text;
    }
    throw new GalleryApiError(res.status, message, `${res.status}: ${message || text || res.statusText}`, data, retryAfterSeconds(res.headers.get("Retry-After")));
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new GalleryApiError(res.status, "", `${res.status}: the server's answer is not JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new GalleryApiError(res.status, "", `${res.status}: unexpected answer from the server (${parsed.error.issues[0]?.path.join(".") || "body"})`);
  return parsed.data;
}

const base = (accessUrl: string) => `/api/gallery/${encodeURIComponent(accessUrl)}`;

export const galleryApi = {
  /** `pow`: the solved puzzle the server asked for with a 428 (./proofOfWork.ts). */
  access: (accessCode: string, pow?: PowSolution) => call(AccessSchema, "/api/gallery/access", { method: "POST", body: JSON.stringify({ accessCode, pow }) }),
  studio: () => call(StudioBrandingSchema, "/api/gallery/studio/info"),
  /** Name, branding and whether this visitor's session opens the gallery (no separate session check). */
  info: (accessUrl: string) => call(GalleryInfoSchema, base(accessUrl)),
  /**
   * The same with the first images (FIRST_IMAGES) when unlocked: the page's first request, which the server's
   * page preloads (pb_hooks/lib/handlers/visitor_pages.js builds the same URL), so one answer draws the first rows.
   */
  infoWithFirstImages: (accessUrl: string) => call(GalleryInfoSchema, firstRequestPath(accessUrl)),
  /** `pow`: the solved puzzle a link asks when many wrong codes came from the visitor's IPv6 /48 lately. */
  verify: (accessUrl: string, accessCode: string, pow?: PowSolution) => call(VerifySchema, `${base(accessUrl)}/verify`, { method: "POST", body: JSON.stringify({ accessCode, pow }) }),
  allImages: (accessUrl: string) => call(ImageListSchema, `${base(accessUrl)}/all-images`),
  /** Proves the download PIN for this browser session (a session cookie). */
  downloadPin: (accessUrl: string, pin: string, pow?: PowSolution) => call(VerifySchema, `${base(accessUrl)}/download-pin`, { method: "POST", body: JSON.stringify({ pin, pow }) }),
  /** One page of the list in the grid's order (the server allows up to 200 a page). */
  imagePage: (accessUrl: string, page: number, limit: number) => call(ImagePageSchema, `${base(accessUrl)}/images?page=${page}&limit=${limit}`),
};

export type ImageKind = "thumbnail" | "preview" | "original";

export const imageUrl = (id: string, kind: ImageKind) => galleryImageUrl(id, kind === "original" ? {} : { [kind]: "true", v: id });

export { sizeUrl } from "../../domain/image-sizes";

/**
 * The file a download asks for in the gallery's mode: the original, or the 2,048 px preview for "web"; the
 * `download` mark lets the server apply the gallery's rules and count it. An original names the format the
 * page expects (`format`: the full-size JPEG or the original as shot, issue 25), so a page older than the
 * owner's last change gets a refusal, never other bytes under the expected name and checksum.
 */
export function downloadUrl(image: Pick<GalleryImage, "id"> & Partial<Pick<GalleryImage, "kind" | "webStatus">>, mode: Delivery["downloads"], kind: "single" | "zip", format: "original" | "jpeg" = "original"): string {
  // A clip (issue 38) in "web" mode: its web version, or its original when it has none (pb_hooks/lib/handlers/image_route.js).
  if (isVideo(image) && mode === "web") return galleryImageUrl(image.id, { video: hasWebVersion(image) ? "web" : "original", download: kind });
  if (isVideo(image)) return galleryImageUrl(image.id, { download: kind, format: "original" });
  return galleryImageUrl(image.id, mode === "web" ? { size: 2048, download: kind } : { download: kind, format });
}

/** Where a clip plays (issue 38): its web version, or its original as shot (for a browser that plays it). */
export const clipUrl = (id: string, version: "web" | "original") => galleryImageUrl(id, { video: version });

/** The format a visitor's original comes in: the full-size JPEG when the gallery says so and the photo has one. */
export function originalFormat(image: Pick<GalleryImage, "hasJpeg">, originalsAs: Delivery["originalsAs"]): "original" | "jpeg" {
  return originalsAs === "jpeg" && image.hasJpeg ? "jpeg" : "original";
}

/**
 * Tells the server's activity counters that a zip was made (its photos are counted as the server serves them);
 * a failure is ignored: counting never stands in a download's way.
 */
export async function reportZipDownload(accessUrl: string): Promise<void> {
  try {
    await fetch(`${base(accessUrl)}/activity/zip`, { method: "POST", credentials: "same-origin" });
  } catch {
    // offline or refused: the zip itself is what matters
  }
}

/** An original, for downloads; a failure reads the server's refusal in the visitor's language, else 'Failed to download image: {status text}'. */
export async function fetchOriginal(id: string, signal?: AbortSignal, url = imageUrl(id, "original")): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin", signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new Error(DOWNLOAD_TEXTS.failedFallback, { cause: err });
  }
  if (!res.ok) {
    const fallback = DOWNLOAD_TEXTS.failedFile(res.statusText || String(res.status));
    throw new Error(refusalMessage(await res.json().catch(() => null), fallback));
  }
  return res.blob();
}
