/** A client's upload state as a small badge (nothing for a client without photos). */
import { SYNC_TEXTS } from "./texts";
import type { ClientUploadState } from "./useUploadStates";

export function UploadStateBadge({ state }: { state: ClientUploadState }) {
  if (state.kind === "empty") return null;
  return (
    <span className={`badge badge-upload-${state.kind}`} data-testid="upload-state" data-state={state.kind}>
      {SYNC_TEXTS.uploadState[state.kind](state.pending)}
    </span>
  );
}
