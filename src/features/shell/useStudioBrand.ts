/** The studio's name and logo for the header, from the device's store (the logo's kept bytes work offline). */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo } from "react";
import { db } from "../../store/db";
import { settingsRow } from "../../store/repositories/settings";
import { logoUrl } from "../../domain/studio-logo";

export const DEFAULT_STUDIO_NAME = "Studio Gallery";

export function useStudioBrand(enabled: boolean): { name: string; logo: string | undefined } {
  const settings = useLiveQuery(() => (enabled ? settingsRow(db) : undefined), [enabled]);
  const blob = settings?.logo && settings.logoFile?.name === settings.logo ? settings.logoFile.blob : undefined;
  const objectUrl = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => void (objectUrl && URL.revokeObjectURL(objectUrl)), [objectUrl]);
  return { name: settings?.companyName || DEFAULT_STUDIO_NAME, logo: objectUrl ?? (settings?.logo ? logoUrl(settings.logo) : undefined) };
}
