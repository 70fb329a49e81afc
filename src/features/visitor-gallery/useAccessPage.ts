/** The access page's logic: the studio's branding, and a code that opens the gallery it belongs to. */
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { dismissToast, toast, toastWithId } from "../../state/toast";
import { GalleryApiError, galleryApi, type StudioBranding } from "./api";
import { withProofOfWork } from "./proofOfWork";
import { codeOutcome } from "./errors/failure";
import { GALLERY_TEXTS } from "./texts";

export function useAccessPage() {
  const navigate = useNavigate();
  const [studio, setStudio] = useState<StudioBranding | null>(null);
  /** The puzzle's progress (0-1) while the door asks one, else null. */
  const [proofProgress, setProofProgress] = useState<number | null>(null);
  /** The toast of the last refused code: the right code takes it away (it said "invalid" over the cover). */
  const refusal = useRef<number | null>(null);
  useEffect(() => {
    galleryApi.studio().then(setStudio, () => undefined);
  }, []);

  /** Resolves on success (after navigating); rejects so that the form shows its field error. */
  const submit = useCallback(
    async (code: string) => {
      try {
        const { accessUrl } = await withProofOfWork((pow) => galleryApi.access(code, pow), setProofProgress);
        if (!accessUrl) {
          toast({ title: GALLERY_TEXTS.error, description: GALLERY_TEXTS.couldNotAccess, variant: "destructive" });
          return;
        }
        if (refusal.current !== null) dismissToast(refusal.current);
        navigate(`/gallery/${accessUrl}`);
      } catch (err) {
        if (err instanceof GalleryApiError && err.status === 403) throw err; // the page is off: the field says so
        // A wait (429) or a server that failed checked nothing: the form says so, with no "invalid" toast.
        if (codeOutcome(err).kind !== "refused") throw err;
        const message = err instanceof GalleryApiError && err.serverMessage ? err.serverMessage : GALLERY_TEXTS.invalidCodeFallback;
        refusal.current = toastWithId({ title: GALLERY_TEXTS.invalidCode, description: message, variant: "destructive" });
        throw err;
      }
    },
    [navigate],
  );
  return { studio, submit, proofProgress };
}
