/** A client's upload state as a small badge (nothing for a client without photos). */
import { SYNC_TEXTS } from "./texts";
import type { ClientUploadState } from "./useUploadStates";
import "./sync.css";

export function UploadStateBadge({ state, isShort = false }: { state: ClientUploadState; isShort?: boolean }) {
  if (state.kind === "empty") return null;
  const { kind, pending, clips } = state;
  // Clips counted apart from photos (issue 38) while they wait to be sent.
  const long = clips && (kind === "queued" || kind === "uploading") ? SYNC_TEXTS.uploadStateClips[kind](pending - clips, clips) : SYNC_TEXTS.uploadState[kind](pending);
  return (
    <span className={`badge badge-upload-${state.kind}`} data-testid="upload-state" data-state={state.kind} title={long}>
      {isShort ? SYNC_TEXTS.uploadStateShort[state.kind](state.pending) : long}
    </span>
  );
}
