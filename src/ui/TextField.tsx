/** A labelled input with its validation message; forwards react-hook-form's register() props. */
import { forwardRef, useId } from "react";
import type { InputHTMLAttributes } from "react";
import { FieldError } from "./FieldError";

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

export const TextField = forwardRef<HTMLInputElement, Props>(function TextField({ label, error, id, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...rest} />
      <FieldError id={errorId} error={error} />
    </div>
  );
});
