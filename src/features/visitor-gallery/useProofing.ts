/**
 * The gallery's proofing on the visitor's page: the server's state, and the visitor's writes. Each write
 * waits for the server (which decides limits and the lock) and takes its answer as the new state; a
 * refusal shows the server's message. A heart shows at once and is put back if the server refuses it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { errorMessage } from "../../lib/errors";
import { GalleryApiError } from "./api";
import { proofingApi, type ProofingState } from "./proofingApi";

const EMPTY: ProofingState = { submittedAt: "", favourites: [], lists: [], comments: [] };

function messageOf(err: unknown): string {
  if (err instanceof GalleryApiError) return err.serverMessage || err.message;
  return errorMessage(err, String(err));
}

export function useProofing(accessUrl: string) {
  const [state, setState] = useState<ProofingState>(EMPTY);
  const [error, setError] = useState("");

  useEffect(() => {
    let isCurrent = true;
    proofingApi.state(accessUrl).then(
      (s) => isCurrent && setState(s),
      (err: unknown) => isCurrent && setError(messageOf(err)),
    );
    return () => {
      isCurrent = false;
    };
  }, [accessUrl]);

  const run = useCallback(async (write: () => Promise<ProofingState>): Promise<boolean> => {
    try {
      setState(await write());
      setError("");
      return true;
    } catch (err) {
      setError(messageOf(err));
      return false;
    }
  }, []);

  const toggleFavourite = useCallback(
    (imageId: string) => {
      const on = !state.favourites.includes(imageId);
      setState((s) => ({ ...s, favourites: on ? [...s.favourites.filter((id) => id !== imageId), imageId] : s.favourites.filter((id) => id !== imageId) }));
      void run(() => proofingApi.favourite(accessUrl, imageId, on)).then((ok) => {
        if (!ok) void proofingApi.state(accessUrl).then(setState, () => undefined);
      });
    },
    [accessUrl, run, state.favourites],
  );

  const togglePick = useCallback(
    (listId: string, imageId: string) => {
      const list = state.lists.find((l) => l.id === listId);
      return run(() => proofingApi.pick(accessUrl, listId, imageId, !list?.imageIds.includes(imageId)));
    },
    [accessUrl, run, state.lists],
  );

  const saveComment = useCallback((imageId: string, text: string) => run(() => proofingApi.comment(accessUrl, imageId, text)), [accessUrl, run]);
  const submit = useCallback(() => run(() => proofingApi.submit(accessUrl)), [accessUrl, run]);

  const favourites = useMemo(() => new Set(state.favourites), [state.favourites]);
  return { state, favourites, isSubmitted: state.submittedAt !== "", error, dismissError: () => setError(""), toggleFavourite, togglePick, saveComment, submit };
}

export type Proofing = ReturnType<typeof useProofing>;

/** The page's proofing, for the grid cards, sidebar rows and viewer (none: no hearts, as on the owner's pages). */
export const ProofingContext = createContext<Proofing | null>(null);
export const useProofingContext = () => useContext(ProofingContext);
