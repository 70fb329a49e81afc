/**
 * The standalone converter: converts on this device (no server call, works offline), lists the results,
 * and downloads one file or a zip of them all (converted_images_{format}.zip, streamed).
 */
import { useRef, useState } from "react";
import { standaloneFormats } from "../../domain/convert-formats";
import { toast } from "../../state/toast";
import { saveBlob } from "../downloads/saveFile";
import { DownloadDialog } from "../downloads/DownloadDialog";
import { useZipDownload } from "../downloads/useZipDownload";
import { ConversionDialog } from "./ConversionDialog";
import { ConverterForm, type ConverterInput } from "./ConverterForm";
import { ResultsPanel } from "./ResultsPanel";
import { CONVERTER_TEXTS } from "./texts";
import { useConversion, type ConvertSettings, type ConvertedResult } from "./useConversion";
import "./converter.css";
import { errorMessage } from "../../lib/errors";

/** A progress toast every this many images (specification, section 8). */
const PROGRESS_TOAST_EVERY = 10;

export function StandaloneConverter() {
  const conversion = useConversion();
  const zip = useZipDownload();
  const [phase, setPhase] = useState<"idle" | "reading" | "converting">("idle");
  const [results, setResults] = useState<ConvertedResult[]>([]);
  const formatRef = useRef("jpeg");

  async function convert(input: ConverterInput, settings: ConvertSettings) {
    formatRef.current = settings.format;
    setResults([]);
    setPhase("reading");
    const signal = conversion.begin();
    try {
      let inputs;
      if (input.kind === "zip") {
        toast({ title: CONVERTER_TEXTS.processingZip, description: CONVERTER_TEXTS.processingZipText(input.zip.name) });
        try {
          inputs = await conversion.fromZip(input.zip, signal);
        } catch (err) {
          conversion.fail(errorMessage(err));
          toast({ title: CONVERTER_TEXTS.zipError, description: CONVERTER_TEXTS.zipErrorText, variant: "destructive" });
          return;
        }
      } else inputs = conversion.fromFiles(input.files);
      setPhase("converting");
      const converted = await conversion.convertAll(inputs, settings, signal, (done, total) => {
        if (done % PROGRESS_TOAST_EVERY === 0 && done < total) toast({ title: CONVERTER_TEXTS.convertingImages, description: CONVERTER_TEXTS.convertingProgress(done, total) });
      });
      setResults(converted);
      if (signal.aborted) {
        toast({ title: CONVERTER_TEXTS.progressCancelled, description: CONVERTER_TEXTS.cancelledSummary(converted.length, inputs.length - converted.length) });
      } else if (converted.length) {
        toast({ title: CONVERTER_TEXTS.conversionComplete, description: CONVERTER_TEXTS.conversionCompleteText(converted.length) });
      } else {
        toast({ title: CONVERTER_TEXTS.conversionFailed, description: CONVERTER_TEXTS.conversionFailedStandalone, variant: "destructive" });
      }
    } finally {
      setPhase("idle");
    }
  }

  async function downloadAll() {
    if (!results.length) return toast({ title: CONVERTER_TEXTS.noFiles, description: CONVERTER_TEXTS.noFilesText, variant: "destructive" });
    try {
      if (results.length === 1) {
        saveBlob(results[0]!.blob, results[0]!.name);
        return;
      }
      const name = `converted_images_${formatRef.current}.zip`;
      const failed = await zip.start(
        name,
        results.map((r) => ({ id: r.id, name: r.name, blob: r.blob })),
      );
      if (failed && !failed.length) toast({ title: CONVERTER_TEXTS.zipReady, description: CONVERTER_TEXTS.zipReadyText(name) });
    } catch {
      toast({ title: CONVERTER_TEXTS.downloadFailed, description: CONVERTER_TEXTS.downloadFailedText, variant: "destructive" });
    }
  }

  return (
    <div className="converter-layout">
      <section className="card">
        <ConverterForm
          formats={standaloneFormats()}
          isBusy={phase !== "idle"}
          busyLabel={phase === "reading" ? CONVERTER_TEXTS.uploading : CONVERTER_TEXTS.converting}
          onConvert={(input, settings) => void convert(input, settings)}
          onSelectionChange={() => setResults([])}
        />
      </section>
      <ResultsPanel
        results={results}
        onDownloadOne={(r) => saveBlob(r.blob, r.name)}
        onDownloadAll={() => void downloadAll()}
        onRemoveAll={() => {
          setResults([]);
          toast({ title: CONVERTER_TEXTS.cleanup, description: CONVERTER_TEXTS.cleanupText });
        }}
      />
      <ConversionDialog
        run={conversion.run}
        onCancel={conversion.cancel}
        onClose={() => {
          conversion.close();
          if (results.length) toast({ title: CONVERTER_TEXTS.memoryTitle, description: CONVERTER_TEXTS.memoryText });
        }}
      />
      <DownloadDialog run={zip.run} onClose={zip.close} />
    </div>
  );
}
