/**
 * A destructive action confirmed in a dialog: Cancel, and the action's button, which says `busyLabel` and
 * keeps the dialog open (and Cancel disabled) until `onConfirm` has finished.
 */
import { useState, type ReactNode } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

export function ConfirmDialog({
  isOpen,
  title,
  cancelLabel,
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
  children,
}: {
  isOpen: boolean;
  title: string;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
  children: ReactNode;
}) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      onClose={() => !isBusy && onCancel()}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={isBusy}>
            {cancelLabel}
          </Button>
          <Button
            variant="destructive"
            disabled={isBusy}
            onClick={async () => {
              setIsBusy(true);
              try {
                await onConfirm();
              } finally {
                setIsBusy(false);
              }
            }}
          >
            {isBusy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
