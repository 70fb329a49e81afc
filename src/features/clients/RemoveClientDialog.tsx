/** 'Remove Client': one confirmation for one or several clients; 'Removing...' while it works. */
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { removeClients } from "./actions";
import { CLIENT_TEXTS } from "./texts";

export function RemoveClientDialog({ ids, onDone }: { ids: string[] | null; onDone: (removed: boolean) => void }) {
  const many = (ids?.length ?? 0) > 1;
  return (
    <ConfirmDialog
      isOpen={!!ids}
      title={many ? CLIENT_TEXTS.removeTitleMany(ids!.length) : CLIENT_TEXTS.removeTitle}
      cancelLabel={CLIENT_TEXTS.cancel}
      confirmLabel={many ? CLIENT_TEXTS.removeMany : CLIENT_TEXTS.remove}
      busyLabel={CLIENT_TEXTS.removing}
      onCancel={() => onDone(false)}
      onConfirm={async () => onDone(await removeClients(ids ?? []))}
    >
      <p>{many ? CLIENT_TEXTS.removeTextMany(ids!.length) : CLIENT_TEXTS.removeText}</p>
    </ConfirmDialog>
  );
}
