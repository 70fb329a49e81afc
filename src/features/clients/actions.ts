/** Client writes from the screens: through the store's one write path, with the specification's toasts. */
import { isLocale } from "../../lib/i18n/locales";
import { generateAccessCode } from "../../domain/access";
import { chosenExpiryDay } from "../../domain/gallery-status";
import { db } from "../../store/db";
import { StoreError } from "../../store/errors";
import { createClient, updateClient } from "../../store/repositories/clients";
import { moveToTrash } from "../trash/trashActions";
import { TRASH_TEXTS } from "../trash/texts";
import type { ClientRow } from "../../store/rows";
import { toast } from "../../state/toast";
import { appSync } from "../../sync/appSync";
import type { ClientFormValues } from "./client-schema";
import { toDateInput } from "./client-schema";
import { emailRequestedToast } from "./emailStatus";
import { CLIENT_TEXTS } from "./texts";
import { errorText } from "../../lib/refusals/refusals";

export function emptyClientForm(): ClientFormValues {
  return { name: "", email: "", eventType: "Wedding", eventDate: "", expirationDate: "", accessCode: generateAccessCode(), accessUrl: "", notes: "", enabled: true, downloadMode: "originals", originalsAs: "shot", language: "", galleryTheme: "", coverStyle: "", typefaces: "", downloadPin: "", noReminders: false };
}

/** The form's values of a client; the expiry shows as its day in the studio's time zone. */
export function clientFormValues(row: ClientRow, timeZone: string): ClientFormValues {
  return {
    name: row.name,
    email: row.email,
    eventType: row.eventType,
    eventDate: toDateInput(row.eventDate),
    expirationDate: chosenExpiryDay(row, timeZone),
    accessCode: row.accessCode,
    accessUrl: row.accessUrl,
    notes: row.notes,
    enabled: row.enabled,
    downloadMode: row.downloadMode || "originals",
    originalsAs: row.originalsAs || "shot",
    language: isLocale(row.language) ? row.language : "",
    galleryTheme: row.galleryTheme ?? "",
    coverStyle: row.coverStyle ?? "",
    typefaces: row.typefaces ?? "",
    downloadPin: row.downloadPin ?? "",
    noReminders: row.noReminders ?? false,
  };
}

/** Errors the form shows at its fields (a code another client has). */
export type ClientFieldErrors = Partial<Record<keyof ClientFormValues, string>>;

function fieldErrorsOf(err: unknown): ClientFieldErrors | null {
  return err instanceof StoreError && err.kind === "code-taken" ? { accessCode: err.message } : null;
}

/** The new client's id, or the field errors to show, or null after a toast. */
export async function submitNewClient(values: ClientFormValues): Promise<string | ClientFieldErrors | null> {
  try {
    const row = await createClient(db, values);
    toast({ title: CLIENT_TEXTS.created });
    return row.id;
  } catch (err) {
    const fields = fieldErrorsOf(err);
    if (fields) return fields;
    toast({ title: CLIENT_TEXTS.errorCreating, description: errorText(err), variant: "destructive" });
    return null;
  }
}

export async function submitClientChanges(id: string, values: ClientFormValues): Promise<ClientFieldErrors | undefined> {
  try {
    await updateClient(db, id, values);
    toast({ title: CLIENT_TEXTS.updated });
  } catch (err) {
    const fields = fieldErrorsOf(err);
    if (fields) return fields;
    toast({ title: CLIENT_TEXTS.errorUpdating, description: errorText(err), variant: "destructive" });
  }
  return undefined;
}

/** Asks the server to email the gallery to the client: a synced request, sent when this device syncs. */
export async function requestGalleryEmail(id: string): Promise<void> {
  try {
    await updateClient(db, id, { galleryEmailAt: Date.now() });
    // Online the sync sends it at once and the panel follows it; offline it waits, and the toast says so.
    const queued = emailRequestedToast(appSync.status.get().isOnline);
    if (queued) toast(queued);
  } catch (err) {
    toast({ title: CLIENT_TEXTS.errorUpdating, description: errorText(err), variant: "destructive" });
  }
}

/**
 * Moves clients to the trash (issue 43): their galleries close to visitors at once, and come back whole with
 * Undo or a restore; the Trash screen (or the server, after the studio's days) deletes them for good.
 */
export function removeClients(ids: string[]): Promise<boolean> {
  return moveToTrash("clients", ids, TRASH_TEXTS.clientsMoved(ids.length));
}
