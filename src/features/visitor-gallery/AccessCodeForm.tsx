/**
 * The access code form of /gallery/access and of a locked gallery: required field, pending label, and the
 * field error 'Invalid access code. Please try again.' when the server refuses the code (or, on the code-only
 * page the studio turned off, that galleries open by their link only). A 429 (too many codes from this
 * network) is no verdict on the code: the form shows the wait counting down from Retry-After and keeps its
 * button disabled until then (issue 43); a server that failed or did not answer checked nothing either.
 */
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../ui/Button";
import { GALLERY_TEXTS } from "./texts";
import "./access.css";
import { FieldError } from "../../ui/FieldError";
import { ProgressBar } from "../../ui/ProgressBar";
import { codeOutcome } from "./errors/failure";
import { VISITOR_ERROR_TEXTS } from "./errors/texts";
import { useWait } from "./errors/useWait";
import { WaitNotice } from "./errors/WaitNotice";

interface Props {
  submitLabel: string;
  pendingLabel: string;
  /** Resolves when the code was accepted; rejects (and the field shows the error) when not. */
  onSubmit: (code: string) => Promise<void>;
  /** While the server asks a proof of work: its progress (0-1), shown under the button. */
  proofProgress?: number | null;
}

export function AccessCodeForm({ submitLabel, pendingLabel, onSubmit, proofProgress = null }: Props) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const id = useId();
  const wait = useWait();
  /** Whether a wait was asked since the last answer (its notice stays to say the wait is over). */
  const [hasWaited, setHasWaited] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setHasSubmitted(true);
    if (!code.trim()) return setError(GALLERY_TEXTS.codeRequired);
    if (wait.isWaiting) return;
    setIsPending(true);
    setHasWaited(false);
    try {
      await onSubmit(code.trim());
      setError(null);
    } catch (err) {
      // A wrong code reads as the field's own words; any other refusal (expired, page off) says what it is.
      const outcome = codeOutcome(err);
      if (outcome.kind === "wait") {
        setError(null);
        setHasWaited(true);
        wait.start(outcome.seconds);
      } else setError(outcome.kind === "unchecked" ? VISITOR_ERROR_TEXTS.codeNotChecked : (outcome.message ?? GALLERY_TEXTS.invalidCodeField));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <form className="access-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{GALLERY_TEXTS.accessCode}</label>
        <input
          id={id}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={GALLERY_TEXTS.accessPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hasWaited ? `${id}-wait` : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            if (hasSubmitted) setError(e.target.value.trim() ? null : GALLERY_TEXTS.codeRequired);
          }}
        />
        <FieldError id={`${id}-error`} error={error} />
      </div>
      <WaitNotice id={`${id}-wait`} isShown={hasWaited} startSeconds={wait.startSeconds} secondsLeft={wait.secondsLeft} isWaiting={wait.isWaiting} />
      <Button type="submit" disabled={isPending || wait.isWaiting}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
      {proofProgress !== null ? (
        <div className="access-proof" aria-live="polite">
          <p className="muted small">{GALLERY_TEXTS.proofWorking}</p>
          <ProgressBar value={proofProgress * 100} label={GALLERY_TEXTS.proofLabel} />
          <p className="muted small">{GALLERY_TEXTS.proofHint}</p>
        </div>
      ) : null}
    </form>
  );
}
