/** A client's upload state as a small badge (nothing for a client without photos). */
import { SYNC_TEXTS } from "./texts";
import type { ClientUploadState } from "./useUploadStates";
import "./sync.css";

export function UploadStateBadge({ state, isShort = false }: { state: ClientUploadState; isShort?: boolean }) {
  if (state.kind === "empty") return null;
  const long = SYNC_TEXTS.uploadState[state.kind](state.pending);
  return (
    <span className={`badge badge-upload-${state.kind}`} data-testid="upload-state" data-state={state.kind} title={long}>
      {isShort ? SYNC_TEXTS.uploadStateShort[state.kind](state.pending) : long}
    </span>
  );
}
