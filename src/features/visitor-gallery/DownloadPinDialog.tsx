/** Asks for the gallery's download PIN once per browser session, before the first download. */
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { GALLERY_TEXTS } from "./texts";
import "./access.css";
import { FieldError } from "../../ui/FieldError";

interface Props {
  isOpen: boolean;
  /** Resolves when the server accepted the PIN; rejects when not. */
  onSubmit: (pin: string) => Promise<void>;
  onClose: () => void;
}

export function DownloadPinDialog({ isOpen, onSubmit, onClose }: Props) {
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{4}$/.test(pin)) return setError(GALLERY_TEXTS.pinFormat);
    setIsPending(true);
    try {
      await onSubmit(pin);
      setError(null);
      setPin("");
    } catch (err) {
      const status = (err as { status?: number }).status;
      setError(status === 429 ? ((err as { serverMessage?: string }).serverMessage ?? GALLERY_TEXTS.pinWrong) : GALLERY_TEXTS.pinWrong);
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Dialog isOpen={isOpen} title={GALLERY_TEXTS.pinTitle} onClose={onClose}>
      <form className="access-form" onSubmit={submit} noValidate>
        <p className="muted">{GALLERY_TEXTS.pinText}</p>
        <div className="field">
          <label htmlFor={id}>{GALLERY_TEXTS.pinLabel}</label>
          <input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ""))}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} error={error} />
        </div>
        <div className="dialog-footer">
          <Button type="button" variant="outline" onClick={onClose}>
            {GALLERY_TEXTS.pinCancel}
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? GALLERY_TEXTS.pinChecking : GALLERY_TEXTS.pinSubmit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
