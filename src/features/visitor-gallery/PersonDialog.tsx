/**
 * "Who's choosing?" (issue 26): asked before a visitor's first heart, pick, comment or submission, and by
 * 'Switch person'. A name (and optionally an email) makes a new person; the people this browser already
 * proofed as in this gallery, and the gallery's shared "Client", can be continued as with one button.
 * Rendered inside the viewer while it is open (the viewer makes the rest of the page inert), like the PIN.
 */
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/TextField";
import { GalleryApiError } from "./api";
import { PEOPLE_TEXTS as T } from "./texts";
import { useProofingContext, type Proofing } from "./useProofing";
import "./gallery.css";

const NAME_MAX = 60; // pb_hooks/lib/rules/proofing_rules.js

export function PersonDialog() {
  const proofing = useProofingContext();
  if (!proofing) return null;
  const asking = proofing.asking;
  return (
    <Dialog isOpen={asking !== null} title={asking === "switch" ? T.switchTitle : T.title} onClose={proofing.closeAsking}>
      {/* Keyed by why it opened: each opening starts with empty fields. */}
      {asking ? <PersonForm key={asking} proofing={proofing} /> : null}
    </Dialog>
  );
}

function PersonForm({ proofing }: { proofing: Proofing }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [isPending, setIsPending] = useState(false);
  const errorId = useId();

  async function attempt(call: () => Promise<void>) {
    setIsPending(true);
    try {
      await call();
    } catch (err) {
      setError(err instanceof GalleryApiError ? err.serverMessage || err.message : T.failed);
    } finally {
      setIsPending(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError(T.nameRequired);
    void attempt(() => proofing.createPerson(name, email));
  }

  const current = proofing.person?.id;
  const seen = new Set<string>();
  const others = [...proofing.known.people, ...proofing.state.shared].filter((p) => p.id !== current && !seen.has(p.id) && seen.add(p.id));
  return (
    <form className="person-form" onSubmit={submit} noValidate>
      <p className="muted">{proofing.asking === "switch" && proofing.person ? T.switchText(proofing.person.name) : T.text}</p>
      {others.length ? (
        <div className="person-choices" role="group" aria-label={T.continueAs}>
          <span className="small muted">{T.continueAs}</span>
          {others.map((p) => (
            <Button key={p.id} type="button" variant="outline" disabled={isPending} onClick={() => void attempt(() => proofing.switchPerson(p.id))}>
              {p.name}
            </Button>
          ))}
          <span className="small muted">{T.orNew}</span>
        </div>
      ) : null}
      <TextField label={T.nameLabel} autoComplete="name" maxLength={NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} autoFocus aria-describedby={error ? errorId : undefined} />
      <TextField label={T.emailLabel} type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <p className="small muted person-hint">{T.emailHint}</p>
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-footer">
        <Button type="button" variant="outline" onClick={proofing.closeAsking}>
          {T.cancel}
        </Button>
        <Button type="submit" disabled={isPending}>
          {T.submit}
        </Button>
      </div>
    </form>
  );
}
