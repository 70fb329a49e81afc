/** Client writes from the screens: through the store's one write path, with the specification's toasts. */
import { generateAccessCode } from "../../domain/access";
import { db } from "../../store/db";
import { createClient, deleteClient, updateClient } from "../../store/repositories/clients";
import type { ClientRow } from "../../store/rows";
import { toast } from "../../state/toast";
import type { ClientFormValues } from "./client-schema";
import { toDateInput } from "./client-schema";
import { CLIENT_TEXTS } from "./texts";

export function emptyClientForm(): ClientFormValues {
  return { name: "", email: "", eventType: "Wedding", eventDate: "", expirationDate: "", accessCode: generateAccessCode(), accessUrl: "", notes: "", enabled: true };
}

export function clientFormValues(row: ClientRow): ClientFormValues {
  return {
    name: row.name,
    email: row.email,
    eventType: row.eventType,
    eventDate: toDateInput(row.eventDate),
    expirationDate: toDateInput(row.expirationDate),
    accessCode: row.accessCode,
    accessUrl: row.accessUrl,
    notes: row.notes,
    enabled: row.enabled,
  };
}

export async function submitNewClient(values: ClientFormValues): Promise<string | null> {
  try {
    const row = await createClient(db, values);
    toast({ title: CLIENT_TEXTS.created });
    return row.id;
  } catch (err) {
    toast({ title: CLIENT_TEXTS.errorCreating, description: (err as Error).message, variant: "destructive" });
    return null;
  }
}

export async function submitClientChanges(id: string, values: ClientFormValues): Promise<void> {
  try {
    await updateClient(db, id, values);
    toast({ title: CLIENT_TEXTS.updated });
  } catch (err) {
    toast({ title: CLIENT_TEXTS.errorUpdating, description: (err as Error).message, variant: "destructive" });
  }
}

/** Deletes clients (and, through the server's cascade, their galleries) with the specification's toasts. */
export async function removeClients(ids: string[]): Promise<boolean> {
  try {
    for (const id of ids) await deleteClient(db, id);
    toast({ title: CLIENT_TEXTS.deleted, description: ids.length === 1 ? CLIENT_TEXTS.deletedText : CLIENT_TEXTS.deletedMany(ids.length) });
    return true;
  } catch (err) {
    toast({ title: CLIENT_TEXTS.errorDeleting, description: (err as Error).message, variant: "destructive" });
    return false;
  }
}
