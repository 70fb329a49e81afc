/**
 * The gallery screen's states (specification, section 4): checking, not found, expired, offline, locked,
 * then unlocked with the image list loading, failed, or loaded. One `info` request answers both what the
 * gallery is and whether this visitor's session opens it, and brings the first images when it does (the
 * server's page preloads that request, so it is under way before this code runs). A
 * request that finds the session revoked (code changed) goes back to the gate; a gallery gone shows Not
 * Found, an expired one says so; a visitor without a network is told they are offline. Any other failure of
 * the first load (a server error, a proxy's 502, a server that does not answer) is never "not found": the
 * page says what happened and offers a retry and the studio's contact (issue 43).
 */
import { useCallback, useEffect, useState } from "react";
import { FIRST_IMAGES } from "../../domain/contract";
import type { CoverStyle, GalleryTheme, Typefaces } from "../../domain/records";
import { GalleryApiError, galleryApi, isNetworkError, type Delivery, type GalleryImage, type GalleryInfo, type GallerySet, type StudioBranding } from "./api";
import { withProofOfWork } from "./proofOfWork";
import { firstLoadFailure, type FirstLoadFailure } from "./errors/failure";
import { rememberStudio, rememberedStudio } from "./errors/studioMemory";

export type GalleryPhase = "checking" | FirstLoadFailure | "locked" | "unlocked";
/** `isPartial`: only the first page so far (the rest of a large gallery is on its way). */
export type ImagesState = { kind: "loading" } | { kind: "error" } | { kind: "loaded"; images: GalleryImage[]; isPartial?: boolean };

/**
 * The first photos (FIRST_IMAGES) come with the gallery's info, so the grid shows them before a large
 * gallery's whole list is read; the justified rows of a prefix are the same rows in the whole list, so
 * nothing moves when the rest arrives.
 */
type FirstImages = { images: GalleryImage[]; totalPages: number };

const firstImagesOf = (info: GalleryInfo | null): FirstImages | undefined =>
  info?.accessCodeVerified && info.images ? { images: info.images, totalPages: info.pagination.totalPages ?? 1 } : undefined;

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
  const [sets, setSets] = useState<GallerySet[]>([]);
  const [studio, setStudio] = useState<StudioBranding | null>(null);
  const [images, setImages] = useState<ImagesState>({ kind: "loading" });
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  // The theme the server drew the page in (pb_hooks/lib/handlers/visitor_pages.js), so nothing changes until it says otherwise.
  const [theme, setTheme] = useState<GalleryTheme>(() => (document.documentElement.dataset.theme === "dark" ? "dark" : "light"));
  /** The owner's preview session (issue 27): the client's id, "" for a visitor. */
  const [previewOf, setPreviewOf] = useState("");
  const [look, setLook] = useState<{ coverStyle: CoverStyle; typefaces: Typefaces }>({ coverStyle: "full", typefaces: "system" });
  const [attempt, setAttempt] = useState(0);

  /** Decides what a failed gallery request means for the screen. */
  const onFailure = useCallback((err: unknown) => {
    const next = phaseOfFailure(err);
    if (next && next !== "offline") setPhase(next);
  }, []);

  /** Shows the first images (given, or asked for), then the whole list when there are more. */
  const loadImages = useCallback(async (given?: FirstImages) => {
    // Given: shown in the same render as the phase that brought them (no spinner in between).
    if (given) setImages({ kind: "loaded", images: given.images, isPartial: given.totalPages > 1 });
    else setImages({ kind: "loading" });
    try {
      let first = given;
      if (!first) {
        const page = await galleryApi.imagePage(accessUrl, 1, FIRST_IMAGES);
        first = { images: page.images, totalPages: page.pagination.totalPages };
        setImages({ kind: "loaded", images: first.images, isPartial: first.totalPages > 1 });
      }
      if (first.totalPages <= 1) return;
      const { images } = await galleryApi.allImages(accessUrl);
      setImages({ kind: "loaded", images });
    } catch (err) {
      onFailure(err);
      setImages({ kind: "error" });
    }
  }, [accessUrl, onFailure]);

  /** Applies the gallery's info; `withImages`: asks for the first images too (the preloaded request). */
  const applyInfo = useCallback(async (withImages = false) => {
    const info = await (withImages ? galleryApi.infoWithFirstImages(accessUrl) : galleryApi.info(accessUrl));
    setName(info.name);
    setEventDate(info.eventDate);
    setCoverImage(info.coverImage);
    setSets(info.sets);
    setStudio(info.studio);
    rememberStudio(info.studio);
    setDelivery(info.delivery);
    setTheme(info.theme);
    setPreviewOf(info.preview ? info.client : "");
    setLook((old) => (old.coverStyle === info.coverStyle && old.typefaces === info.typefaces ? old : { coverStyle: info.coverStyle, typefaces: info.typefaces }));
    return info;
  }, [accessUrl]);

  useEffect(() => {
    let isCurrent = true;
    (async () => {
      try {
        const info = await applyInfo(true);
        if (!isCurrent) return;
        setPhase(info.accessCodeVerified ? "unlocked" : "locked");
        if (info.accessCodeVerified) void loadImages(firstImagesOf(info));
      } catch (err) {
        if (!isCurrent) return;
        setPhase(firstLoadFailure(err, navigator.onLine));
        // The studio's name and contact for the dead-end pages (public, like the access page's); when the
        // server cannot tell them, the ones remembered from an earlier visit on this device.
        const remembered = () => isCurrent && setStudio(rememberedStudio());
        if (isNetworkError(err)) remembered();
        else
          galleryApi.studio().then((s) => {
            rememberStudio(s);
            if (isCurrent) setStudio(s);
          }, remembered);
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
      // Many wrong codes from the visitor's IPv6 /48 lately ask a puzzle first (the button stays pending meanwhile).
      await withProofOfWork((pow) => galleryApi.verify(accessUrl, code, pow), () => undefined);
      setPhase("unlocked");
      // One request: the event date (told only to an unlocked visitor) and the first images.
      void applyInfo(true).then(
        (info) => loadImages(firstImagesOf(info)),
        () => loadImages(),
      );
    },
    [accessUrl, applyInfo, loadImages],
  );

  /** Called when an image or download failed: checks whether the gallery still opens for this visitor. */
  const recheck = useCallback(async () => {
    try {
      if (!(await applyInfo()).accessCodeVerified) setPhase("locked");
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
      // A PIN tried often lately asks a puzzle first (solved in a worker; the dialog stays pending meanwhile).
      await withProofOfWork((pow) => galleryApi.downloadPin(accessUrl, pin, pow), () => undefined);
      setDelivery((d) => (d ? { ...d, pinVerified: true } : d));
    },
    [accessUrl],
  );

  return { phase, name, eventDate, coverImage, sets, studio, theme, previewOf, coverStyle: look.coverStyle, typefaces: look.typefaces, images, delivery, unlock, loadImages, recheck, retry, provePin };
}
