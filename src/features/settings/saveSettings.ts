/** Saves studio settings on the device (sync carries them) with the specification's toasts. */
import type { SettingsFields } from "../../domain/records";
import { db } from "../../store/db";
import { updateSettings } from "../../store/repositories/settings";
import { toast } from "../../state/toast";
import { SETTINGS_TEXTS } from "./texts";
import { errorText } from "../../lib/refusals/refusals";

export async function saveSettings(values: Partial<SettingsFields>): Promise<void> {
  try {
    await updateSettings(db, values);
    toast({ title: SETTINGS_TEXTS.saved });
  } catch (err) {
    toast({ title: SETTINGS_TEXTS.errorSaving, description: errorText(err), variant: "destructive" });
  }
}
