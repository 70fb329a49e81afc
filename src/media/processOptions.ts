/**
 * What the media workers are asked to draw on a photo's sizes: the studio's watermark when it wants one,
 * and its signature (src/domain/watermark.ts). Import, the size rebuild and the watermark re-apply all ask
 * here, so a photo is made the same way whenever it is made.
 */
import { NO_WATERMARK, watermarkSignature } from "../domain/watermark";
import { db } from "../store/db";
import { settingsRow, studioLogo } from "../store/repositories/settings";
import type { ProcessOptions } from "../workers-client/media";

/** What the media worker is asked for, with the signature of the watermark it will draw. */
export async function processOptions(clientId?: string): Promise<ProcessOptions & { signature: string }> {
  const settings = await settingsRow(db);
  // A gallery that delivers originals as JPEG gets a full-size JPEG of each non-JPEG original (issue 25).
  const fullJpeg = !!clientId && (await db.clients.get(clientId))?.originalsAs === "jpeg";
  if (!settings || !settings.enableWatermark) return { signature: NO_WATERMARK, fullJpeg };
  const logo = await studioLogo(db); // kept on the device by sync: no network here
  // The signature names the logo only when its bytes are here (the worker draws the name otherwise).
  const signature = watermarkSignature({ ...settings, logo: logo ? settings.logo : "" });
  return { watermark: { text: settings.companyName || "", logo: logo ?? undefined }, signature, fullJpeg };
}
