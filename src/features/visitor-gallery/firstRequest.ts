/**
 * The page's first request (the gallery with its first images), started by the visitor's entry before the
 * app's code and catalogues load, and the cover photo preloaded from its answer (issue 28): the photo then
 * arrives while the app's chunk loads instead of after the first render. The app's own first request takes
 * this answer (`takeFirstRequest`), so the gallery is asked for once. A locked visitor's answer names no
 * image: nothing is preloaded before the code is entered.
 */
import { FIRST_IMAGES } from "../../domain/contract";
import { COVER_IMAGE_SIZES, gallerySrcSet } from "../../domain/image-sizes";
import { galleryImageUrl } from "../../domain/image-url";
import type { CoverStyle } from "../../domain/records";

/** What the preload reads of the answer (the app parses it whole, with its schema). */
interface FirstAnswer {
  accessCodeVerified?: boolean;
  coverImage?: string;
  coverStyle?: CoverStyle;
  images?: Array<{ id: string; width?: number; height?: number; sizes?: number[] }>;
}

let pending: { path: string; response: Promise<Response> } | null = null;

/** The address of the page's first request (the server's page preloads the same, lib/handlers/visitor_pages.js). */
export const firstRequestPath = (accessUrl: string) => `/api/gallery/${encodeURIComponent(accessUrl)}?first=${FIRST_IMAGES}`;

/** The gallery's address in a page path (`/gallery/{accessUrl}`), or "" for any other page. */
export function accessUrlOfPath(pathname: string): string {
  const match = /^\/gallery\/([^/]+)$/.exec(pathname);
  return match && match[1] !== "access" ? decodeURIComponent(match[1]!) : "";
}

/** Starts the page's first request, and preloads the cover photo from its answer. */
export function startFirstRequest(pathname = window.location.pathname): void {
  const accessUrl = accessUrlOfPath(pathname);
  if (!accessUrl) return;
  const path = firstRequestPath(accessUrl);
  const response = fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  pending = { path, response };
  // Registered before the app can take the answer, so the copy is made before the app reads the body.
  response
    .then((res) => (res.ok ? (res.clone().json() as Promise<FirstAnswer>) : null))
    .then(preloadCover)
    .catch(() => undefined); // the app reports the failure when it reads the same answer
}

/** The answer of the entry's first request for `path`, once; null when there is none (a later request). */
export function takeFirstRequest(path: string): Promise<Response> | null {
  if (pending?.path !== path) return null;
  const { response } = pending;
  pending = null;
  return response;
}

/** A <link rel=preload> of the file the cover's <img> will pick (the same srcset and sizes, GalleryCover.tsx). */
function preloadCover(answer: FirstAnswer | null): void {
  const style = answer?.coverStyle ?? "full";
  if (!answer?.accessCodeVerified || !answer.images?.length || style === "minimal" || !(style in COVER_IMAGE_SIZES)) return;
  const cover = answer.images.find((i) => i.id === answer.coverImage) ?? answer.images[0]!;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.setAttribute("fetchpriority", "high");
  const srcset = gallerySrcSet(cover.id, cover.width, cover.height, cover.sizes ?? []);
  if (srcset) {
    link.setAttribute("imagesrcset", srcset);
    link.setAttribute("imagesizes", COVER_IMAGE_SIZES[style](cover.width, cover.height));
  } else {
    link.href = galleryImageUrl(cover.id, { thumbnail: "true", v: cover.id });
  }
  document.head.append(link);
}
