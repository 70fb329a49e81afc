/**
 * What this device gave back to a server restored from a backup, and, plainly, what it could not: per
 * client, the originals freed here after upload and the photos of which nothing is left (src/sync/restoredServer.ts).
 */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import { dismissRestoreReport, RESTORE_REPORT_KEY, type LostItem, type RestoreReport } from "../../store/restoredServer";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { SYNC_TEXTS } from "./texts";

/** One sentence per client and kind of loss, in the order the report lists them. */
export function lostSentences(lost: LostItem[]): string[] {
  const groups = new Map<string, { what: LostItem["what"]; client: string; n: number }>();
  for (const item of lost) {
    const key = `${item.what}:${item.clientId}`;
    const group = groups.get(key) ?? groups.set(key, { what: item.what, client: item.clientName, n: 0 }).get(key)!;
    group.n++;
  }
  return [...groups.values()].map((g) => (g.what === "original" ? SYNC_TEXTS.lostOriginals(g.n, g.client) : SYNC_TEXTS.lostPhotos(g.n, g.client)));
}

export function useRestoreReport(): RestoreReport | undefined {
  return useLiveQuery(async () => (await db.syncState.get(RESTORE_REPORT_KEY))?.value as RestoreReport | undefined, []);
}

export function RestoreReportDialog({ report, isOpen, onClose }: { report: RestoreReport; isOpen: boolean; onClose: () => void }) {
  const sentences = lostSentences(report.lost);
  const dismiss = async () => {
    await dismissRestoreReport(db);
    onClose();
  };
  const footer = (
    <>
      <Button variant="outline" onClick={onClose}>{SYNC_TEXTS.close}</Button>
      <Button variant="ghost" onClick={() => void dismiss()}>{SYNC_TEXTS.dismiss}</Button>
    </>
  );
  return (
    <Dialog isOpen={isOpen} title={SYNC_TEXTS.restoreTitle} onClose={onClose} footer={footer}>
      <p>{SYNC_TEXTS.restoreResent(report.resent, report.redeleted)}</p>
      {sentences.length ? (
        <>
          <p>{SYNC_TEXTS.restoreCannotRecover}</p>
          <ul data-testid="restore-lost">
            {sentences.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{SYNC_TEXTS.restoreNothingLost}</p>
      )}
    </Dialog>
  );
}
