/**
 * The gallery screen's states (specification, section 4): checking, not found, expired, offline, locked,
 * then unlocked with the image list loading, failed, or loaded. One `info` request answers both what the
 * gallery is and whether this visitor's session opens it. Images are requested only once unlocked. A
 * request that finds the session revoked (code changed) goes back to the gate; a gallery gone shows Not
 * Found, an expired one says so; a visitor without a network is told they are offline.
 */
import { useCallback, useEffect, useState } from "react";
import { GalleryApiError, galleryApi, isNetworkError, type Delivery, type GalleryImage, type StudioBranding } from "./api";

export type GalleryPhase = "checking" | "not-found" | "expired" | "offline" | "locked" | "unlocked";
/** `isPartial`: only the first page so far (the rest of a large gallery is on its way). */
export type ImagesState = { kind: "loading" } | { kind: "error" } | { kind: "loaded"; images: GalleryImage[]; isPartial?: boolean };

/**
 * The first photos come as one small page, so the grid shows them before a large gallery's whole list is
 * read (2,000 images: the server answers a page of 100 in a few ms, the whole list in hundreds); the
 * justified rows of a prefix are the same rows in the whole list, so nothing moves when the rest arrives.
 */
const FIRST_PAGE_SIZE = 100;

function phaseOfFailure(err: unknown): GalleryPhase | null {
  if (isNetworkError(err)) return "offline";
  const status = err instanceof GalleryApiError ? err.status : 0;
  if (status === 410) return "expired";
  if (status === 404) return "not-found";
  if (status === 401) return "locked";
  return null;
}

export function useGallery(accessUrl: string) {
  const [phase, setPhase] = useState<GalleryPhase>("checking");
  const [name, setName] = useState("");
  const [eventDate, setEventDate] = useState("");
  const [coverImage, setCoverImage] = useState("");
  const [studio, setStudio] = useState<StudioBranding | null>(null);
  const [images, setImages] = useState<ImagesState>({ kind: "loading" });
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [attempt, setAttempt] = useState(0);

  /** Decides what a failed gallery request means for the screen. */
  const onFailure = useCallback((err: unknown) => {
    const next = phaseOfFailure(err);
    if (next && next !== "offline") setPhase(next);
  }, []);

  const loadImages = useCallback(async () => {
    setImages({ kind: "loading" });
    try {
      const first = await galleryApi.imagePage(accessUrl, 1, FIRST_PAGE_SIZE);
      if (first.pagination.totalPages <= 1) {
        setImages({ kind: "loaded", images: first.images });
        return;
      }
      setImages({ kind: "loaded", images: first.images, isPartial: true });
      const { images } = await galleryApi.allImages(accessUrl);
      setImages({ kind: "loaded", images });
    } catch (err) {
      onFailure(err);
      setImages({ kind: "error" });
    }
  }, [accessUrl, onFailure]);

  const applyInfo = useCallback(async () => {
    const info = await galleryApi.info(accessUrl);
    setName(info.name);
    setEventDate(info.eventDate);
    setCoverImage(info.coverImage);
    setStudio(info.studio);
    setDelivery(info.delivery);
    return info.accessCodeVerified;
  }, [accessUrl]);

  useEffect(() => {
    let isCurrent = true;
    (async () => {
      try {
        const isUnlocked = await applyInfo();
        if (!isCurrent) return;
        setPhase(isUnlocked ? "unlocked" : "locked");
        if (isUnlocked) void loadImages();
      } catch (err) {
        if (!isCurrent) return;
        setPhase(phaseOfFailure(err) === "offline" ? "offline" : phaseOfFailure(err) === "expired" ? "expired" : "not-found");
        // The studio's name and contact for the dead-end pages (public, like the access page's).
        if (!isNetworkError(err)) galleryApi.studio().then((s) => isCurrent && setStudio(s), () => undefined);
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [applyInfo, loadImages, attempt]);

  // An offline visitor's page tries again by itself when the network returns.
  useEffect(() => {
    if (phase !== "offline") return;
    const retry = () => {
      setPhase("checking");
      setAttempt((n) => n + 1);
    };
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [phase]);

  const unlock = useCallback(
    async (code: string) => {
      await galleryApi.verify(accessUrl, code);
      setPhase("unlocked");
      void loadImages();
      void applyInfo().catch(() => true); // the event date is told only to an unlocked visitor (in parallel)
    },
    [accessUrl, applyInfo, loadImages],
  );

  /** Called when an image or download failed: checks whether the gallery still opens for this visitor. */
  const recheck = useCallback(async () => {
    try {
      if (!(await applyInfo())) setPhase("locked");
    } catch (err) {
      onFailure(err);
    }
  }, [applyInfo, onFailure]);

  const retry = useCallback(() => {
    setPhase("checking");
    setAttempt((n) => n + 1);
  }, []);

  /** Proves the download PIN (rejects on a wrong one); downloads then need no PIN for this browser session. */
  const provePin = useCallback(
    async (pin: string) => {
      await galleryApi.downloadPin(accessUrl, pin);
      setDelivery((d) => (d ? { ...d, pinVerified: true } : d));
    },
    [accessUrl],
  );

  return { phase, name, eventDate, coverImage, studio, images, delivery, unlock, loadImages, recheck, retry, provePin };
}
