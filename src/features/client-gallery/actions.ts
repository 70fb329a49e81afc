/** Owner actions on images: delete (one or many) and download, with the specification's toasts. */
import { parsePbDate } from "../../domain/contract";
import { db } from "../../store/db";
import { updateClient } from "../../store/repositories/clients";
import { deleteImages } from "../../store/repositories/images";
import type { ImageRow } from "../../store/rows";
import { toast } from "../../state/toast";
import { imageFile, originalLocation } from "../../sync/imageFiles";
import { saveBlob } from "../downloads/saveFile";
import { DOWNLOAD_TEXTS } from "../downloads/texts";
import type { ZipSource } from "../downloads/zipDownload";
import { IMAGE_TEXTS } from "./texts";
import { errorText } from "../../lib/refusals/refusals";
import { deliveredName } from "../../domain/image-files";

export async function deleteOneImage(id: string): Promise<boolean> {
  try {
    await deleteImages(db, [id]);
    toast({ title: IMAGE_TEXTS.imageDeleted });
    return true;
  } catch (err) {
    toast({ title: IMAGE_TEXTS.errorDeleting, description: errorText(err), variant: "destructive" });
    return false;
  }
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

export async function deleteManyImages(ids: string[]): Promise<boolean> {
  try {
    await deleteImages(db, ids);
    toast({ title: IMAGE_TEXTS.imagesDeleted, description: IMAGE_TEXTS.imagesDeletedText(ids.length) });
    return true;
  } catch (err) {
    toast({ title: IMAGE_TEXTS.errorDeletingMany, description: errorText(err, IMAGE_TEXTS.failedToDeleteMany), variant: "destructive" });
    return false;
  }
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
