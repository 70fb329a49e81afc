/** A list's name and limit ("choose up to n"; 0 for none): adds a new list or edits one in place. */
import { useState, type FormEvent } from "react";
import type { ProofListInput } from "../../store/repositories/proofing";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { PROOFING_OWNER_TEXTS as T } from "./texts";
import "./clients.css";

interface Props {
  initial?: ProofListInput;
  submitLabel: string;
  onSubmit: (input: ProofListInput) => Promise<boolean>;
  onCancel?: () => void;
}

export function ProofListForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? "");
  const [limit, setLimit] = useState(String(initial?.limit ?? 0));
  const [isBusy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const ok = await onSubmit({ name, limit: Number(limit || 0) });
    setBusy(false);
    if (ok && !initial) {
      setName("");
      setLimit("0");
    }
  }

  return (
    <form className="proofing-list-form" onSubmit={(e) => void submit(e)}>
      <TextField label={T.listName} value={name} maxLength={100} required placeholder={initial ? undefined : T.listNamePlaceholder} onChange={(e) => setName(e.target.value)} />
      <TextField label={T.listLimit} type="number" min={0} max={100000} step={1} inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} />
      <span className="proofing-row-actions">
        <Button type="submit" disabled={isBusy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {T.cancel}
          </Button>
        ) : null}
      </span>
    </form>
  );
}
