/** The studio's settings row on this device, live; undefined while loading, null before the first sync. */
import { useLiveQuery } from "dexie-react-hooks";
import { deviceTimeZone } from "../../domain/time-zone";
import { db } from "../../store/db";
import type { SettingsRow } from "../../store/rows";

export function useSettingsRow(): SettingsRow | null | undefined {
  return useLiveQuery(async () => (await db.settings.toCollection().first()) ?? null);
}

/** The studio's time zone: the setting, or this device's until the setting is made. */
export function useStudioTimeZone(): string {
  return useSettingsRow()?.timeZone || deviceTimeZone();
}
