/**
 * The visitor gallery's calls (specification, section 7), with the session cookie the server sets. No
 * PocketBase SDK here: the visitor's chunk stays small. Errors carry the status and read "status: body"
 * (specification, section 8), with the server's message when it sent one.
 */
export interface StudioBranding {
  companyName: string;
  email: string;
  websiteUrl: string;
  primaryColor: string;
  enableWatermark: boolean;
  logoUrl: string;
}

export interface GalleryImage {
  id: string;
  originalName: string;
  filename: string;
  fileSize: number;
  width?: number;
  height?: number;
  uploadedAt?: string;
}

export interface GalleryInfo {
  name: string;
  accessUrl: string;
  accessCodeVerified: boolean;
  images: GalleryImage[];
  pagination: { total: number };
  studio: StudioBranding | null;
}

export class GalleryApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    message: string,
  ) {
    super(message);
    this.name = "GalleryApiError";
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: "same-origin", ...init, headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}), ...init?.headers } });
  } catch {
    throw new GalleryApiError(0, "", "Network error: the server could not be reached.");
  }
  if (!res.ok) {
    const text = await res.text();
    let message: string;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? "";
    } catch {
      message = text;
    }
    throw new GalleryApiError(res.status, message, `${res.status}: ${message || text || res.statusText}`);
  }
  return (await res.json()) as T;
}

const base = (accessUrl: string) => `/api/gallery/${encodeURIComponent(accessUrl)}`;

export const galleryApi = {
  access: (accessCode: string) => call<{ accessUrl?: string }>("/api/gallery/access", { method: "POST", body: JSON.stringify({ accessCode }) }),
  studio: () => call<StudioBranding>("/api/gallery/studio/info"),
  info: (accessUrl: string) => call<GalleryInfo>(base(accessUrl)),
  verifySession: (accessUrl: string) => call<{ verified: boolean }>(`${base(accessUrl)}/verify-session`),
  verify: (accessUrl: string, accessCode: string) => call<{ success: boolean }>(`${base(accessUrl)}/verify`, { method: "POST", body: JSON.stringify({ accessCode }) }),
  allImages: (accessUrl: string) => call<{ images: GalleryImage[] }>(`${base(accessUrl)}/all-images`),
};

export const imageUrl = (id: string, kind: "thumbnail" | "preview" | "original") =>
  `/api/gallery/image/${encodeURIComponent(id)}${kind === "original" ? "" : `?${kind}=true&v=${encodeURIComponent(id)}`}`;

/** An original, for downloads; a failure reads 'Failed to download image: {status text}'. */
export async function fetchOriginal(id: string, signal?: AbortSignal): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(imageUrl(id, "original"), { credentials: "same-origin", signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new Error("Download failed", { cause: err });
  }
  if (!res.ok) throw new Error(`Failed to download image: ${res.statusText || res.status}`);
  return res.blob();
}
