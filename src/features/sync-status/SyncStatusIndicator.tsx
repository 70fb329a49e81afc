/**
 * The sync status in the header: online or offline, what is waiting, when the last sync finished, and a
 * failure with Retry, refused changes with "Send them again". Conflicts open their dialog from here.
 */
import { useState } from "react";
import { formatTime } from "../../domain/format";
import { useAppUpdate } from "../../state/sw-update";
import { db } from "../../store/db";
import { retryParked } from "../../store/retryParked";
import { appSync } from "../../sync/appSync";
import { ConflictsDialog } from "./ConflictsDialog";
import { RestoreReportDialog, useRestoreReport } from "./RestoreReportDialog";
import { SYNC_TEXTS } from "./texts";
import { useSyncStatus } from "./useSyncStatus";
import "./sync.css";

async function retryRefused() {
  await retryParked(db);
  await appSync.syncOnce().catch(() => undefined);
}

export function SyncStatusIndicator() {
  const s = useSyncStatus();
  const [isConflictsOpen, setConflictsOpen] = useState(false);
  const [isRestoreOpen, setRestoreOpen] = useState(false);
  const restoreReport = useRestoreReport();
  const isOfflineReady = useAppUpdate((u) => u.isOfflineReady);
  const waiting = s.pendingChanges + s.pendingUploads;
  const tone = !s.isOnline ? "offline" : s.error ? "error" : waiting > 0 || s.isSyncing || s.isReconciling ? "busy" : "ok";
  const details = [
    s.pendingChanges ? SYNC_TEXTS.pending(s.pendingChanges) : "",
    SYNC_TEXTS.uploadsOf(s.pendingUploads - s.pendingClips, s.pendingClips),
    s.rejected ? SYNC_TEXTS.rejected(s.rejected) : "",
    s.notOnServer ? SYNC_TEXTS.notOnServer(s.notOnServer) : "",
    s.isReconciling ? SYNC_TEXTS.reconciling : "",
    // Only what the server confirmed counts: never while a photo's original is missing there, nor while a
    // restored server is being reconciled.
    !waiting && !s.rejected && !s.notOnServer && !s.isReconciling ? SYNC_TEXTS.allSynced : "",
    isOfflineReady === false ? (s.isOnline ? SYNC_TEXTS.preparingOffline : SYNC_TEXTS.notReadyOffline) : "",
    s.lastSyncedAt ? SYNC_TEXTS.lastSynced(formatTime(new Date(s.lastSyncedAt))) : SYNC_TEXTS.neverSynced,
  ].filter(Boolean);
  return (
    <div className={`sync-status sync-${tone}`} data-testid="sync-status">
      <span className="sync-dot" aria-hidden="true" />
      <span className="sync-label">{s.isOnline ? (s.isSyncing ? SYNC_TEXTS.syncing : SYNC_TEXTS.online) : SYNC_TEXTS.offline}</span>
      <span className="sync-details" data-testid="sync-details">
        {/* One piece a span: on a phone each takes its own line whole, instead of an ellipsis mid-count. */}
        {details.map((part, i) => (
          <span key={part}>
            {i > 0 ? <span className="sync-sep"> · </span> : null}
            <span className="sync-part">{part}</span>
          </span>
        ))}
      </span>
      {s.error && s.isOnline ? (
        <span className="sync-error" role="alert">
          {SYNC_TEXTS.failed}: {s.error}{" "}
          <button type="button" className="link-button" onClick={() => void appSync.syncOnce().catch(() => undefined)}>
            {SYNC_TEXTS.retry}
          </button>
        </span>
      ) : null}
      {s.rejected ? (
        <button type="button" className="link-button sync-retry-refused" onClick={() => void retryRefused()}>
          {SYNC_TEXTS.retryRefused}
        </button>
      ) : null}
      {s.conflicts ? (
        <button type="button" className="link-button sync-conflicts" onClick={() => setConflictsOpen(true)}>
          {SYNC_TEXTS.conflictsButton(s.conflicts)}
        </button>
      ) : null}
      {restoreReport ? (
        <button type="button" className="link-button sync-restore-report" onClick={() => setRestoreOpen(true)}>
          {SYNC_TEXTS.restoreButton(restoreReport.lost.length)}
        </button>
      ) : null}
      <ConflictsDialog isOpen={isConflictsOpen} onClose={() => setConflictsOpen(false)} />
      {restoreReport ? <RestoreReportDialog report={restoreReport} isOpen={isRestoreOpen} onClose={() => setRestoreOpen(false)} /> : null}
    </div>
  );
}
