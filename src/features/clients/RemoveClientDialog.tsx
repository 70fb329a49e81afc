/** 'Remove Client': one confirmation for one or several clients; 'Removing...' while it works. */
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { removeClients } from "./actions";
import { CLIENT_TEXTS } from "./texts";

export function RemoveClientDialog({ ids, onDone }: { ids: string[] | null; onDone: (removed: boolean) => void }) {
  const [isRemoving, setIsRemoving] = useState(false);
  const many = (ids?.length ?? 0) > 1;
  return (
    <Dialog
      isOpen={!!ids}
      title={many ? CLIENT_TEXTS.removeTitleMany(ids!.length) : CLIENT_TEXTS.removeTitle}
      onClose={() => !isRemoving && onDone(false)}
      footer={
        <>
          <Button variant="outline" onClick={() => onDone(false)} disabled={isRemoving}>
            {CLIENT_TEXTS.cancel}
          </Button>
          <Button
            variant="destructive"
            disabled={isRemoving}
            onClick={async () => {
              setIsRemoving(true);
              const removed = await removeClients(ids ?? []);
              setIsRemoving(false);
              onDone(removed);
            }}
          >
            {isRemoving ? CLIENT_TEXTS.removing : many ? CLIENT_TEXTS.removeMany : CLIENT_TEXTS.remove}
          </Button>
        </>
      }
    >
      <p>{many ? CLIENT_TEXTS.removeTextMany(ids!.length) : CLIENT_TEXTS.removeText}</p>
    </Dialog>
  );
}
