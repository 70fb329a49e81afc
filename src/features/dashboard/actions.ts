/** Extend: pushes a gallery's expiry 30 days on; the toast offers to undo it. */
import { parseDate } from "../../domain/gallery-status";
import { formatDate } from "../../domain/format";
import { db } from "../../store/db";
import { updateClient } from "../../store/repositories/clients";
import type { ClientRow } from "../../store/rows";
import { toast } from "../../state/toast";
import { DASHBOARD_TEXTS, EXTEND_DAYS } from "./texts";
import { errorText } from "../../lib/refusals/refusals";

export function extendedDate(expirationDate: string): string {
  const current = parseDate(expirationDate) ?? new Date();
  return new Date(current.getTime() + EXTEND_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

export async function extendGallery(client: ClientRow): Promise<void> {
  const previous = client.expirationDate;
  const next = extendedDate(previous);
  try {
    await updateClient(db, client.id, { expirationDate: next });
    toast({
      title: DASHBOARD_TEXTS.extended,
      description: DASHBOARD_TEXTS.extendedText(client.name, formatDate(new Date(next))),
      action: {
        label: DASHBOARD_TEXTS.undo,
        onClick: () => {
          void updateClient(db, client.id, { expirationDate: previous }).then(
            () => toast({ title: DASHBOARD_TEXTS.undone }),
            (err: Error) => toast({ title: DASHBOARD_TEXTS.errorUpdating, description: err.message, variant: "destructive" }),
          );
        },
      },
    });
  } catch (err) {
    toast({ title: DASHBOARD_TEXTS.errorUpdating, description: errorText(err), variant: "destructive" });
  }
}
