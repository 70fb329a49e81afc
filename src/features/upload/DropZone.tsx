/** A drag-and-drop zone that also opens the file picker; reports the files it was given. */
import { useId, useRef, useState } from "react";
import "./upload.css";

interface Props {
  title: string;
  hint: string;
  /** A second line of the hint (the clips the photo zone takes, issue 38). */
  secondHint?: string;
  accept: string;
  isMultiple: boolean;
  isDisabled?: boolean;
  onFiles: (files: File[]) => void;
  label: string;
}

export function DropZone({ title, hint, secondHint, accept, isMultiple, isDisabled, onFiles, label }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const id = useId();
  return (
    <div
      className={`dropzone${isOver ? " is-over" : ""}${isDisabled ? " is-disabled" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        if (!isDisabled) setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setIsOver(false);
        if (isDisabled) return;
        const files = Array.from(e.dataTransfer.files);
        onFiles(isMultiple ? files : files.slice(0, 1));
      }}
      onClick={() => !isDisabled && inputRef.current?.click()}
      onKeyDown={(e) => {
        if ((e.key === "Enter" || e.key === " ") && !isDisabled) {
          e.preventDefault();
          inputRef.current?.click();
        }
      }}
      role="button"
      tabIndex={isDisabled ? -1 : 0}
    >
      {/* Named by its visible title and hint (a separate label would not contain what sighted users read). */}
      <span className="dropzone-title">{title}</span>
      <span className="dropzone-hint" id={`${id}-hint`}>
        {hint}
      </span>
      {secondHint ? <span className="dropzone-hint">{secondHint}</span> : null}
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={accept}
        multiple={isMultiple}
        data-testid={label}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          onFiles(files);
        }}
      />
    </div>
  );
}
