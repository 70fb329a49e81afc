/** Extend: pushes a gallery's expiry day 30 days on; the toast offers to undo it. */
import { expiryDay, pbDateAt } from "../../domain/contract";
import { chosenExpiryDay } from "../../domain/gallery-status";
import { formatDate } from "../../domain/format";
import { db } from "../../store/db";
import { updateClient } from "../../store/repositories/clients";
import type { ClientRow } from "../../store/rows";
import { toast } from "../../state/toast";
import { DASHBOARD_TEXTS, EXTEND_DAYS } from "./texts";
import { errorText } from "../../lib/refusals/refusals";

/** The expiry day ("YYYY-MM-DD") EXTEND_DAYS calendar days after `day`, or after `today` for a gallery without one. */
export function extendedDay(day: string, today: string): string {
  const [y = NaN, m = NaN, d = NaN] = (day || today).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + EXTEND_DAYS)).toISOString().slice(0, 10);
}

export async function extendGallery(client: ClientRow, timeZone: string): Promise<void> {
  const previous = chosenExpiryDay(client, timeZone);
  // Today in the studio's zone: the day of the moment just after now.
  const next = extendedDay(previous, expiryDay(pbDateAt(Date.now() + 1), timeZone));
  try {
    await updateClient(db, client.id, { expirationDate: next });
    toast({
      title: DASHBOARD_TEXTS.extended,
      description: DASHBOARD_TEXTS.extendedText(client.name, formatDate(new Date(`${next}T00:00:00Z`))),
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
