/** Settings: how many days the trash keeps what the owner deletes (issue 43; settings.trashDays, synced; 30 by default). */
import { useState, type FormEvent } from "react";
import { errorText } from "../../lib/refusals/refusals";
import { toast } from "../../state/toast";
import { db } from "../../store/db";
import { updateSettings } from "../../store/repositories/settings";
import { MAX_TRASH_DAYS, trashDaysOf } from "../../store/repositories/trash";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { TRASH_TEXTS as T } from "./texts";

/** The days typed, or null when they are not a whole number from 1 to MAX_TRASH_DAYS. */
export function parseTrashDays(text: string): number | null {
  const days = Number(text.trim());
  return /^\d+$/.test(text.trim()) && days >= 1 && days <= MAX_TRASH_DAYS ? days : null;
}

export function TrashDaysCard({ trashDays }: { trashDays: number }) {
  const [text, setText] = useState(String(trashDaysOf({ trashDays })));
  const [error, setError] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const days = parseTrashDays(text);
    if (days === null) return setError(T.daysInvalid);
    setError("");
    try {
      await updateSettings(db, { trashDays: days });
      toast({ title: T.daysSaved });
    } catch (err) {
      toast({ title: T.failed, description: errorText(err), variant: "destructive" });
    }
  };
  return (
    <section className="card">
      <h2>{T.settingsTitle}</h2>
      <form className="client-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={T.daysLabel} hint={T.daysHint} error={error || undefined} inputMode="numeric" name="trashDays" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit">{T.save}</Button>
      </form>
    </section>
  );
}
