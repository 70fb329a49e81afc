/** A person's name and email (issue 26): the owner corrects a visitor's typo ("Jhon") in place. */
import { useState, type FormEvent } from "react";
import type { ProofPersonInput } from "../../store/repositories/proofPeople";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { PROOFING_OWNER_TEXTS as T } from "./texts";
import "./clients.css";

interface Props {
  initial: ProofPersonInput;
  onSubmit: (input: ProofPersonInput) => Promise<boolean>;
  onCancel: () => void;
}

/** The server's limits (pb_hooks/lib/rules/proofing_rules.js); the store cleans and checks the values the same way. */
const NAME_MAX = 60;
const EMAIL_MAX = 254;

export function PersonForm({ initial, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial.name);
  const [email, setEmail] = useState(initial.email);
  const [isBusy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    await onSubmit({ name, email });
    setBusy(false);
  }

  return (
    <form className="proofing-list-form" onSubmit={(e) => void submit(e)} aria-label={T.editOf(initial.name)}>
      <TextField label={T.personName} value={name} maxLength={NAME_MAX} required autoComplete="off" onChange={(e) => setName(e.target.value)} />
      <TextField label={T.personEmail} type="email" value={email} maxLength={EMAIL_MAX} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
      <span className="proofing-row-actions">
        <Button type="submit" disabled={isBusy}>
          {T.save}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {T.cancel}
        </Button>
      </span>
    </form>
  );
}
