/** An object URL for an image's thumbnail or preview (from the device, or fetched once from the server). */
import { useEffect, useState } from "react";
import { db } from "../../store/db";
import { imageFile, type ImageFileKind } from "../../sync/imageFiles";

export type ImageUrlState = { url: string | null; hasFailed: boolean };

export function useImageUrl(id: string | undefined, kind: Exclude<ImageFileKind, "original">): ImageUrlState {
  const [state, setState] = useState<ImageUrlState & { id?: string }>({ url: null, hasFailed: false });
  useEffect(() => {
    if (!id) return;
    let url: string | null = null;
    let isCurrent = true;
    const abort = new AbortController();
    imageFile(db, id, kind, abort.signal).then(
      (blob) => {
        if (!isCurrent) return;
        url = URL.createObjectURL(blob);
        setState({ id, url, hasFailed: false });
      },
      () => isCurrent && setState({ id, url: null, hasFailed: true }),
    );
    return () => {
      isCurrent = false;
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, kind]);
  return state.id === id ? state : { url: null, hasFailed: false };
}
