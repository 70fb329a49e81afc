/** A labelled input with its validation message; forwards react-hook-form's register() props. */
import { forwardRef, useId } from "react";
import type { InputHTMLAttributes } from "react";
import { FieldError } from "./FieldError";

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** Help shown under the field, beside it rather than at the end of its section. */
  hint?: string;
}

export const TextField = forwardRef<HTMLInputElement, Props>(function TextField({ label, error, hint, id, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {hint ? (
        <p className="muted small" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
});
