/** The one write path for the studio's settings (one row, made by the server and pulled). */
import type { SettingsFields } from "../../domain/records";
import type { StudioDb } from "../db";
import type { SettingsRow } from "../rows";
import { StoreError, guardQuota } from "../errors";
import { changedFields, enqueue } from "../outbox";
import { STORE_TEXTS } from "../texts";

/** The studio's one settings row on this device; undefined until the first pull brings it. */
export function settingsRow(db: StudioDb): Promise<SettingsRow | undefined> {
  return db.settings.toCollection().first();
}

export async function updateSettings(db: StudioDb, patch: Partial<SettingsFields>): Promise<void> {
  await guardQuota(() =>
    db.transaction("rw", db.settings, db.outbox, async () => {
      const row = await settingsRow(db);
      if (!row) throw new StoreError("not-ready", STORE_TEXTS.settingsNotReady);
      const changed = changedFields<SettingsFields>(row, patch);
      if (Object.keys(changed).length === 0) return;
      const { fieldTimes } = await enqueue(db, "settings", row.id, "update", changed);
      await db.settings.update(row.id, { ...changed, fieldTimes: { ...row.fieldTimes, ...fieldTimes } });
    }),
  );
}

/** The studio logo's bytes on this device, or null (none set, or not fetched yet for the current logo). */
export async function studioLogo(db: StudioDb): Promise<Blob | null> {
  const row = await settingsRow(db);
  return row?.logo && row.logoFile?.name === row.logo ? row.logoFile.blob : null;
}

/** Keeps the bytes of the logo named `name` (sync fetches them; nothing to push: the server has them). */
export async function saveStudioLogo(db: StudioDb, name: string, blob: Blob): Promise<void> {
  await db.transaction("rw", db.settings, async () => {
    const row = await settingsRow(db);
    if (row && row.logo === name) await db.settings.update(row.id, { logoFile: { name, blob } });
  });
}
