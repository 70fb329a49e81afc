/** The studio's settings row on this device, live; undefined while loading, null before the first sync. */
import { useLiveQuery } from "dexie-react-hooks";
import { deviceTimeZone } from "../../domain/time-zone";
import { db } from "../../store/db";
import { settingsRow } from "../../store/repositories/settings";
import type { SettingsRow } from "../../store/rows";

export function useSettingsRow(): SettingsRow | null | undefined {
  return useLiveQuery(async () => (await settingsRow(db)) ?? null);
}

/** The gallery address the owner set ("" for none: links use this app's origin); undefined while loading. */
export function useGalleryUrl(): string | undefined {
  const settings = useSettingsRow();
  return settings === undefined ? undefined : (settings?.galleryUrl ?? "");
}

/** The studio's time zone: the setting, or this device's until the setting is made. */
export function useStudioTimeZone(): string {
  return useSettingsRow()?.timeZone || deviceTimeZone();
}
