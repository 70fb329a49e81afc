/** The conversion progress dialog: overall progress and each file's status; closable when complete. */
import { formatBytes } from "../../domain/format";
import { FileWorkDialog } from "../../ui/ProgressDialog";
import type { ItemStatus } from "../upload/importFiles";
import { CONVERTER_TEXTS } from "./texts";
import type { ConversionRun } from "./useConversion";

export function ConversionDialog({ run, onClose }: { run: ConversionRun | null; onClose: () => void }) {
  return (
    <FileWorkDialog
      run={run}
      titles={{ working: CONVERTER_TEXTS.progressTitle, done: CONVERTER_TEXTS.progressDone, issues: CONVERTER_TEXTS.progressIssues }}
      overallLabel={CONVERTER_TEXTS.overall}
      statusLine={(item) => `${formatBytes(item.size)} · ${CONVERTER_TEXTS.status[item.status as ItemStatus]}`}
      closeLabel={CONVERTER_TEXTS.close}
      onClose={onClose}
    />
  );
}
