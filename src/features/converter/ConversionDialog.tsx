/**
 * The conversion progress dialog: overall progress and each file's status; 'Cancel' while it runs, closable
 * when complete. After a cancel it says how many files were kept (converted, or added to the gallery); a file
 * converted but over the gallery's limit says so in its row, and the dialog says what to do with it.
 */
import { formatBytes } from "../../domain/format";
import { FileWorkDialog } from "../../ui/ProgressDialog";
import { CONVERTER_TEXTS } from "./texts";
import type { ConversionRun } from "./useConversion";

export function ConversionDialog({ run, toGallery = false, onCancel, onClose }: { run: ConversionRun | null; toGallery?: boolean; onCancel: () => void; onClose: () => void }) {
  return (
    <FileWorkDialog
      run={run}
      titles={{ working: CONVERTER_TEXTS.progressTitle, done: CONVERTER_TEXTS.progressDone, issues: CONVERTER_TEXTS.progressIssues, cancelled: CONVERTER_TEXTS.progressCancelled }}
      overallLabel={CONVERTER_TEXTS.overall}
      statusLine={(item) => `${formatBytes(item.size)} · ${CONVERTER_TEXTS.status[run?.tooLarge?.ids.includes(item.id) ? "tooLarge" : (item.status as keyof typeof CONVERTER_TEXTS.status)]}`}
      note={(r) => (run?.tooLarge && !r.isCancelled ? CONVERTER_TEXTS.tooLargeText(run.tooLarge.ids.length, formatBytes(run.tooLarge.limitBytes)) : undefined)}
      summary={(r) => {
        const kept = r.items.filter((i) => i.status === "success").length;
        return (toGallery ? CONVERTER_TEXTS.cancelledClientSummary : CONVERTER_TEXTS.cancelledSummary)(kept, r.items.length - kept);
      }}
      closeLabel={CONVERTER_TEXTS.close}
      cancel={{ label: CONVERTER_TEXTS.cancel, onCancel }}
      onClose={onClose}
    />
  );
}
