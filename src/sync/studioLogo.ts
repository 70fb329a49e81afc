/** Brings the studio logo's bytes onto the device after a pull, so imports watermark with it offline. */
import type PocketBase from "pocketbase";
import { logoUrl } from "../domain/studio-logo";
import type { StudioDb } from "../store/db";
import { saveStudioLogo, settingsRow } from "../store/repositories/settings";

/** Fetches the logo when the device does not hold the current one; returns whether it fetched. */
export async function keepStudioLogo(db: StudioDb, pb: PocketBase): Promise<boolean> {
  const row = await settingsRow(db);
  if (!row?.logo || row.logoFile?.name === row.logo) return false;
  const res = await fetch(pb.buildURL(logoUrl(row.logo)));
  if (!res.ok) throw new Error(`The studio logo could not be fetched (${res.status}).`);
  await saveStudioLogo(db, row.logo, await res.blob());
  return true;
}
