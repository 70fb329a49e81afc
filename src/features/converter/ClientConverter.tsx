/**
 * The client converter: converts on this device and adds the results to the client's gallery through the
 * import pipeline (thumbnail, preview, watermark) and the store; sync uploads them. After a cancel, files
 * converted but not yet in the gallery are kept for download under 'Not added to the gallery'.
 */
import { useState } from "react";
import { FORMATS } from "../../domain/convert-formats";
import { originalLimitBytes } from "../../domain/original-limit";
import { db } from "../../store/db";
import { settingsRow } from "../../store/repositories/settings";
import { toast } from "../../state/toast";
import { DownloadDialog } from "../downloads/DownloadDialog";
import { saveBlob } from "../downloads/saveFile";
import { useZipDownload } from "../downloads/useZipDownload";
import { importPhotos } from "../../media/importPhotos";
import { ConversionDialog } from "./ConversionDialog";
import { ConverterForm, type ConverterInput } from "./ConverterForm";
import { ResultsPanel } from "./ResultsPanel";
import { clientOutcome, splitByLimit } from "./outcome";
import { CONVERTER_TEXTS } from "./texts";
import { useConversion, type ConvertSettings, type ConvertedResult } from "./useConversion";
import "./converter.css";
import { errorMessage } from "../../lib/errors";

export function ClientConverter({ clientId }: { clientId: string | null }) {
  const conversion = useConversion();
  const zip = useZipDownload();
  const [isBusy, setIsBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  /** Converted files the gallery did not take (too large, unreadable): kept for download. */
  const [notAdded, setNotAdded] = useState<ConvertedResult[]>([]);

  async function convert(input: ConverterInput, settings: ConvertSettings) {
    if (!clientId) return;
    const what = input.kind === "zip" ? "zip" : "images";
    setIsBusy(true);
    const signal = conversion.begin();
    try {
      let inputs;
      try {
        inputs = input.kind === "zip" ? await conversion.fromZip(input.zip, signal) : conversion.fromFiles(input.files);
      } catch (err) {
        conversion.fail(errorMessage(err));
        toast({ title: CONVERTER_TEXTS.zipError, description: CONVERTER_TEXTS.zipErrorText, variant: "destructive" });
        return;
      }
      const converted = await conversion.convertAll(inputs, settings, signal, undefined, true);
      // A converted file over the gallery's limit is kept for download, said as converted and too large.
      const limitBytes = originalLimitBytes(await settingsRow(db));
      const { fits, tooLarge } = splitByLimit(converted, limitBytes);
      conversion.markTooLarge(tooLarge, limitBytes);
      // Each converted file is "Done" only once it is in the gallery; one the import refuses shows why.
      const refused = new Set<string>();
      const files = fits.map((r) => ({ id: r.id, file: new File([r.blob], r.name, { type: r.mimeType }) }));
      // Conversions are not imports: no duplicate check (converting again on purpose adds again), no journal.
      const stored = files.length
        ? (await importPhotos(clientId, files, (id, patch) => {
            if (patch.status === "error") {
              refused.add(id);
              conversion.update(id, { status: "error", progress: 0, error: CONVERTER_TEXTS.notAdded(patch.error ?? "") });
            } else if (patch.status === "cancelled") {
              refused.add(id);
              conversion.update(id, { status: "cancelled", progress: 0, error: CONVERTER_TEXTS.cancelledNotAdded });
            } else if (patch.status === "success") conversion.update(id, { status: "success", progress: 100 });
            else if (patch.progress) conversion.update(id, { progress: Math.max(60, patch.progress) });
          }, { signal, checkDuplicates: false })).stored
        : 0;
      conversion.finish();
      const lost = fits.filter((r) => refused.has(r.id));
      if (lost.length || tooLarge.length) setNotAdded((kept) => [...kept, ...tooLarge, ...lost]);
      const run = { total: inputs.length, converted: converted.length, stored, tooLarge: tooLarge.length, refused: lost.length, cancelled: signal.aborted, what, limitBytes } as const;
      for (const t of clientOutcome(run)) toast(t);
      if (stored > 0) setFormKey((k) => k + 1); // the selection is cleared once something is in the gallery
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <>
      <ConverterForm
        key={formKey}
        formats={[...FORMATS]}
        isBusy={isBusy}
        busyLabel={CONVERTER_TEXTS.converting}
        isBlocked={!clientId}
        blockedToast={{ title: CONVERTER_TEXTS.error, description: CONVERTER_TEXTS.noClient }}
        onConvert={(input, settings) => void convert(input, settings)}
      />
      <ConversionDialog run={conversion.run} toGallery onCancel={conversion.cancel} onClose={conversion.close} />
      {notAdded.length ? (
        <ResultsPanel
          title={CONVERTER_TEXTS.notAddedTitle}
          results={notAdded}
          onDownloadOne={(r) => saveBlob(r.blob, r.name)}
          onDownloadAll={() =>
            notAdded.length === 1 ? saveBlob(notAdded[0]!.blob, notAdded[0]!.name) : void zip.start("not_added_to_gallery.zip", notAdded.map((r) => ({ id: r.id, name: r.name, blob: r.blob })))
          }
          onRemoveAll={() => setNotAdded([])}
        />
      ) : null}
      <DownloadDialog run={zip.run} onClose={zip.close} />
    </>
  );
}
