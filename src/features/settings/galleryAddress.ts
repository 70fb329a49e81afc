/** The gallery address: where access messages point (this server), checked by asking its /api/health. */

/** The base of access links: the gallery address without trailing slashes, else this app's origin. */
export function galleryBase(galleryUrl: string | undefined, origin: string): string {
  return (galleryUrl || origin).replace(/\/+$/, "");
}

export type AddressCheck = { ok: true } | { ok: false; why: string };

/** Fetches `{base}/api/health`; ok when it answers 200 with PocketBase's health body. */
export async function checkGalleryAddress(base: string): Promise<AddressCheck> {
  try {
    const res = await fetch(`${base}/api/health`, { cache: "no-store" });
    if (!res.ok) return { ok: false, why: `answered ${res.status}` };
    const body = (await res.json().catch(() => null)) as { code?: number } | null;
    return body?.code === 200 ? { ok: true } : { ok: false, why: "answered, but not as this gallery server" };
  } catch {
    return { ok: false, why: "did not answer (wrong address, offline, or the server refuses this site)" };
  }
}
