/**
 * The client converter: converts on this device and adds the results to the client's gallery through the
 * import pipeline (thumbnail, preview, watermark) and the store; sync uploads them.
 */
import { useState } from "react";
import { FORMATS } from "../../domain/convert-formats";
import { toast } from "../../state/toast";
import { importPhotos } from "../upload/importFiles";
import { ConversionDialog } from "./ConversionDialog";
import { ConverterForm, type ConverterInput } from "./ConverterForm";
import { CONVERTER_TEXTS } from "./texts";
import { useConversion, type ConvertSettings } from "./useConversion";

export function ClientConverter({ clientId }: { clientId: string | null }) {
  const conversion = useConversion();
  const [isBusy, setIsBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  async function convert(input: ConverterInput, settings: ConvertSettings) {
    if (!clientId) return;
    const what = input.kind === "zip" ? "zip file" : "images";
    setIsBusy(true);
    try {
      let inputs;
      try {
        inputs = input.kind === "zip" ? await conversion.fromZip(input.zip) : conversion.fromFiles(input.files);
      } catch (err) {
        conversion.fail((err as Error).message);
        toast({ title: CONVERTER_TEXTS.zipError, description: CONVERTER_TEXTS.zipErrorText, variant: "destructive" });
        return;
      }
      const converted = await conversion.convertAll(inputs, settings);
      const files = converted.map((r) => new File([r.blob], r.name, { type: r.mimeType }));
      const stored = files.length ? await importPhotos(clientId, files.map((file, i) => ({ id: `k${i}`, file })), () => undefined) : 0;
      if (stored > 0) {
        toast({ title: CONVERTER_TEXTS.conversionSuccessful, description: CONVERTER_TEXTS.conversionSuccessfulText(stored) });
        setFormKey((k) => k + 1); // the selection is cleared on success
      } else {
        toast({ title: CONVERTER_TEXTS.conversionFailed, description: CONVERTER_TEXTS.conversionFailedClient(what), variant: "destructive" });
      }
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
      <ConversionDialog run={conversion.run} onClose={conversion.close} />
    </>
  );
}
