/**
 * The gallery screen's states (specification, section 4): checking, not found, locked, then unlocked with
 * the image list loading, failed, or loaded. Images are requested only once unlocked. A request that
 * finds the session revoked (code changed) goes back to the gate; a gallery gone or expired shows Not Found.
 */
import { useCallback, useEffect, useState } from "react";
import { GalleryApiError, galleryApi, type GalleryImage, type StudioBranding } from "../../sync/galleryApi";

export type GalleryPhase = "checking" | "not-found" | "locked" | "unlocked";
export type ImagesState = { kind: "loading" } | { kind: "error" } | { kind: "loaded"; images: GalleryImage[] };

export function useGallery(accessUrl: string) {
  const [phase, setPhase] = useState<GalleryPhase>("checking");
  const [name, setName] = useState("");
  const [studio, setStudio] = useState<StudioBranding | null>(null);
  const [images, setImages] = useState<ImagesState>({ kind: "loading" });

  /** Decides what a failed gallery request means for the screen. */
  const onFailure = useCallback((err: unknown) => {
    const status = err instanceof GalleryApiError ? err.status : 0;
    if (status === 404 || status === 410) setPhase("not-found");
    else if (status === 401) setPhase("locked");
    return status;
  }, []);

  const loadImages = useCallback(async () => {
    setImages({ kind: "loading" });
    try {
      const { images } = await galleryApi.allImages(accessUrl);
      setImages({ kind: "loaded", images });
    } catch (err) {
      onFailure(err);
      setImages({ kind: "error" });
    }
  }, [accessUrl, onFailure]);

  useEffect(() => {
    let isCurrent = true;
    (async () => {
      try {
        const [info, session] = await Promise.all([galleryApi.info(accessUrl), galleryApi.verifySession(accessUrl).catch(() => ({ verified: false }))]);
        if (!isCurrent) return;
        setName(info.name);
        setStudio(info.studio);
        const isUnlocked = info.accessCodeVerified || session.verified;
        setPhase(isUnlocked ? "unlocked" : "locked");
        if (isUnlocked) void loadImages();
      } catch {
        if (isCurrent) setPhase("not-found");
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [accessUrl, loadImages]);

  const unlock = useCallback(async (code: string) => {
    await galleryApi.verify(accessUrl, code);
    setPhase("unlocked");
    void loadImages();
  }, [accessUrl, loadImages]);

  /** Called when an image or download failed: checks whether the gallery still opens for this visitor. */
  const recheck = useCallback(async () => {
    try {
      const { verified } = await galleryApi.verifySession(accessUrl);
      if (!verified) setPhase("locked");
    } catch (err) {
      onFailure(err);
    }
  }, [accessUrl, onFailure]);

  return { phase, name, studio, images, unlock, loadImages, recheck };
}
