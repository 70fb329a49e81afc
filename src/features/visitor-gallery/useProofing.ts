/**
 * The gallery's proofing on the visitor's page: the server's state for the person the session holds, and the
 * visitor's writes. Each write waits for the server (which decides limits and the lock) and takes its answer
 * as the new state; a refusal shows the server's message. A heart shows at once and is put back if the server
 * refuses it.
 *
 * People (issue 26): the first heart, pick, comment or submission without a person opens the name dialog
 * (`asking`), and the write runs once the visitor has given a name or chosen who they are. The browser keeps
 * its people per gallery (./people.ts) and a new session switches back to the current one.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../lib/errors";
import { GalleryApiError } from "./api";
import { forgetPerson, readPeople, rememberPerson, type KnownPeople } from "./people";
import { proofingApi, type ProofingState } from "./proofingApi";
import { PREVIEW_TEXTS } from "./texts";

const EMPTY: ProofingState = { person: null, shared: [], submittedAt: "", favourites: [], lists: [], comments: [] };

function messageOf(err: unknown): string {
  if (err instanceof GalleryApiError) return err.serverMessage || err.message;
  return errorMessage(err, String(err));
}

/** Why the name dialog is open: before a first write, or the visitor's 'Switch person'. */
export type Asking = "first" | "switch" | null;

/** `isPreview`: the owner's preview (issue 27), which shows the proofing and writes nothing (the server refuses too). */
export function useProofing(accessUrl: string, isPreview = false) {
  const [state, setState] = useState<ProofingState>(EMPTY);
  const [error, setError] = useState("");
  const [known, setKnown] = useState<KnownPeople>(() => readPeople(accessUrl));
  const [asking, setAsking] = useState<Asking>(null);
  // The latest state, for a write that waited for the name dialog; and that write.
  const latest = useRef<ProofingState>(EMPTY);
  const pending = useRef<(() => void) | null>(null);

  const apply = useCallback(
    (s: ProofingState) => {
      latest.current = s;
      setState(s);
      if (s.person) setKnown(rememberPerson(accessUrl, s.person));
    },
    [accessUrl],
  );

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      try {
        let s = await proofingApi.state(accessUrl);
        const saved = isPreview ? null : readPeople(accessUrl).current;
        if (!s.person && saved) {
          try {
            s = await proofingApi.switchPerson(accessUrl, saved);
          } catch (err) {
            if (err instanceof GalleryApiError && err.status === 404 && isCurrent) setKnown(forgetPerson(accessUrl, saved));
          }
        }
        if (isCurrent) apply(s);
      } catch (err) {
        if (isCurrent) setError(messageOf(err));
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [accessUrl, apply, isPreview]);

  const run = useCallback(
    async (write: () => Promise<ProofingState>): Promise<boolean> => {
      try {
        apply(await write());
        setError("");
        return true;
      } catch (err) {
        setError(messageOf(err));
        return false;
      }
    },
    [apply],
  );

  /** Runs `write` as the session's person, after the name dialog when there is none yet. */
  const asPerson = useCallback((write: () => void) => {
    if (isPreview) return setError(PREVIEW_TEXTS.noWrites);
    if (latest.current.person) return write();
    pending.current = write;
    setAsking("first");
  }, [isPreview]);

  /** After a name or a choice of person: the dialog closes and the write that waited for it runs. */
  const chosen = useCallback(
    async (call: () => Promise<ProofingState>) => {
      // The owner's preview makes and switches to no one: said in the dialog, in the page's language.
      if (isPreview) throw new GalleryApiError(403, PREVIEW_TEXTS.noWrites, PREVIEW_TEXTS.noWrites);
      const s = await call(); // a refusal (bad name, too many people) stays in the dialog
      apply(s);
      setError("");
      setAsking(null);
      const write = pending.current;
      pending.current = null;
      write?.();
    },
    [apply, isPreview],
  );

  const createPerson = useCallback((name: string, email: string) => chosen(() => proofingApi.createPerson(accessUrl, name, email)), [accessUrl, chosen]);
  const switchPerson = useCallback(
    (personId: string) =>
      chosen(() => proofingApi.switchPerson(accessUrl, personId)).catch((err: unknown) => {
        // The owner removed them since this browser knew them: offered no more (the refusal still shows).
        if (err instanceof GalleryApiError && err.status === 404) setKnown(forgetPerson(accessUrl, personId));
        throw err;
      }),
    [accessUrl, chosen],
  );
  const closeAsking = useCallback(() => {
    pending.current = null;
    setAsking(null);
  }, []);

  const toggleFavourite = useCallback(
    (imageId: string) =>
      asPerson(() => {
        const on = !latest.current.favourites.includes(imageId);
        setState((s) => ({ ...s, favourites: on ? [...s.favourites.filter((id) => id !== imageId), imageId] : s.favourites.filter((id) => id !== imageId) }));
        void run(() => proofingApi.favourite(accessUrl, imageId, on)).then((ok) => {
          if (!ok) void proofingApi.state(accessUrl).then(apply, () => undefined);
        });
      }),
    [accessUrl, run, apply, asPerson],
  );

  const togglePick = useCallback(
    (listId: string, imageId: string) =>
      asPerson(() => {
        const list = latest.current.lists.find((l) => l.id === listId);
        void run(() => proofingApi.pick(accessUrl, listId, imageId, !list?.imageIds.includes(imageId)));
      }),
    [accessUrl, run, asPerson],
  );

  /** Resolves true once the comment is saved, false when refused (never when the visitor closes the name dialog instead). */
  const saveComment = useCallback(
    (imageId: string, text: string) =>
      new Promise<boolean>((resolve) => {
        const write = () => void run(() => proofingApi.comment(accessUrl, imageId, text)).then(resolve);
        if (isPreview) {
          setError(PREVIEW_TEXTS.noWrites);
          return resolve(false);
        }
        if (latest.current.person) return write();
        asPerson(write);
      }),
    [accessUrl, run, asPerson, isPreview],
  );
  const submit = useCallback(() => asPerson(() => void run(() => proofingApi.submit(accessUrl))), [accessUrl, run, asPerson]);

  const favourites = useMemo(() => new Set(state.favourites), [state.favourites]);
  return {
    state,
    favourites,
    isSubmitted: state.submittedAt !== "",
    error,
    dismissError: () => setError(""),
    toggleFavourite,
    togglePick,
    saveComment,
    submit,
    person: state.person,
    known,
    asking,
    askToSwitch: () => setAsking("switch"),
    closeAsking,
    createPerson,
    switchPerson,
  };
}

export type Proofing = ReturnType<typeof useProofing>;

/** The page's proofing, for the grid cards, sidebar rows and viewer (none: no hearts, as on the owner's pages). */
export const ProofingContext = createContext<Proofing | null>(null);
export const useProofingContext = () => useContext(ProofingContext);
