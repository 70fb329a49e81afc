/**
 * Owner actions on images: delete (one or many) and download, with the specification's toasts. A delete
 * moves to the trash (issue 43) and its toast offers Undo; the Trash screen deletes for good.
 */
import { parsePbDate } from "../../domain/contract";
import { db } from "../../store/db";
import { updateClient } from "../../store/repositories/clients";
import { moveToTrash } from "../trash/trashActions";
import { TRASH_TEXTS } from "../trash/texts";
import type { ImageRow } from "../../store/rows";
import { toast } from "../../state/toast";
import { imageFile, originalLocation } from "../../sync/imageFiles";
import { saveBlob } from "../downloads/saveFile";
import { DOWNLOAD_TEXTS } from "../downloads/texts";
import type { ZipSource } from "../downloads/zipDownload";
import { IMAGE_TEXTS } from "./texts";
import { errorText } from "../../lib/refusals/refusals";
import { deliveredName } from "../../domain/image-files";

export function deleteOneImage(id: string): Promise<boolean> {
  return moveToTrash("images", [id], TRASH_TEXTS.photosMoved(1));
}

/** The gallery opens on this photo (synced like the client's other fields). */
export async function setCoverImage(clientId: string, imageId: string): Promise<void> {
  try {
    await updateClient(db, clientId, { coverImage: imageId });
    toast({ title: IMAGE_TEXTS.coverSet, description: IMAGE_TEXTS.coverSetText });
  } catch (err) {
    toast({ title: IMAGE_TEXTS.errorSettingCover, description: errorText(err), variant: "destructive" });
  }
}

export function deleteManyImages(ids: string[]): Promise<boolean> {
  return moveToTrash("images", ids, TRASH_TEXTS.photosMoved(ids.length));
}

export async function downloadOriginal(image: ImageRow): Promise<void> {
  try {
    saveBlob(await imageFile(db, image.id, "original"), deliveredName(image));
    toast({ title: DOWNLOAD_TEXTS.downloadReady, description: DOWNLOAD_TEXTS.downloadReadyText });
  } catch {
    toast({ title: DOWNLOAD_TEXTS.downloadFailed, description: DOWNLOAD_TEXTS.downloadFailedSingle, variant: "destructive" });
  }
}

/** Zip sources for images: originals from the device, or from the server; in their set's folder when `folders` names it. */
export async function originalSources(images: ImageRow[], folders?: ReadonlyMap<string, string>): Promise<ZipSource[]> {
  return Promise.all(
    images.map(async (image) => ({
      id: image.id,
      name: deliveredName(image),
      folder: folders?.get(image.set ?? ""),
      lastModified: parsePbDate(image.uploadedAt) ?? Date.now(),
      crc32: image.crc32,
      ...(await originalLocation(db, image.id)),
    })),
  );
}
