/** One client's upload state badge (queued, uploading, uploaded), live. */
import { UploadStateBadge } from "../sync-status/UploadStateBadge";
import { useUploadStates } from "../sync-status/useUploadStates";

export function ClientUploadState({ clientId }: { clientId: string }) {
  return <UploadStateBadge state={useUploadStates()(clientId)} />;
}
