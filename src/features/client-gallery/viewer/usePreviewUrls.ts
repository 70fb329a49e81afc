/**
 * Object URLs of the previews the owner's viewer shows (from the device, or fetched once from the server):
 * the ones `wanted` names are loaded; one that leaves `kept` is aborted or revoked, and all of them are when
 * the viewer closes. A failed preview stays "failed" until it leaves `kept` (then it is tried again).
 */
import { useEffect, useRef, useState } from "react";
import { db } from "../../../store/db";
import { imageFile } from "../../../sync/imageFiles";
import type { PreviewState } from "./slides";

export function usePreviewUrls(wanted: readonly string[], kept: readonly string[]): ReadonlyMap<string, PreviewState> {
  const [previews, setPreviews] = useState<ReadonlyMap<string, PreviewState>>(new Map());
  const loading = useRef(new Map<string, AbortController>());
  const known = useRef(new Map<string, PreviewState>());
  const wantedKey = wanted.join("\n");
  const keptKey = kept.join("\n");

  useEffect(() => {
    const keep = new Set(keptKey.split("\n"));
    for (const [id, abort] of loading.current) {
      if (keep.has(id)) continue;
      abort.abort();
      loading.current.delete(id);
    }
    let changed = false;
    for (const [id, state] of known.current) {
      if (keep.has(id)) continue;
      if (state !== "failed") URL.revokeObjectURL(state.url);
      known.current.delete(id);
      changed = true;
    }
    if (changed) setPreviews(new Map(known.current));
    for (const id of wantedKey ? wantedKey.split("\n") : []) {
      if (known.current.has(id) || loading.current.has(id)) continue;
      const abort = new AbortController();
      loading.current.set(id, abort);
      const settle = (state: PreviewState) => {
        if (abort.signal.aborted) {
          if (state !== "failed") URL.revokeObjectURL(state.url);
          return;
        }
        loading.current.delete(id);
        known.current.set(id, state);
        setPreviews(new Map(known.current));
      };
      imageFile(db, id, "preview", abort.signal).then(
        (blob) => settle({ url: URL.createObjectURL(blob) }),
        () => settle("failed"),
      );
    }
  }, [wantedKey, keptKey]);

  // Closing the viewer lets go of every preview.
  useEffect(() => {
    const [pending, held] = [loading.current, known.current];
    return () => {
      for (const abort of pending.values()) abort.abort();
      for (const state of held.values()) if (state !== "failed") URL.revokeObjectURL(state.url);
      pending.clear();
      held.clear();
    };
  }, []);
  return previews;
}
