/** The studio's settings row on this device, live; undefined while loading, null before the first sync. */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import type { SettingsRow } from "../../store/rows";

export function useSettingsRow(): SettingsRow | null | undefined {
  return useLiveQuery(async () => (await db.settings.toCollection().first()) ?? null);
}
