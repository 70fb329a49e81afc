/** A row's actions menu: Edit (to the client) and Delete. Closes on outside click and Escape. */
import { useCallback, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useDismiss } from "../../ui/useDismiss";
import { useMenuKeys } from "../../ui/useMenuKeys";
import { CLIENT_TEXTS } from "./texts";
import "./clients.css";

export function RowMenu({ clientId, clientName, onDelete }: { clientId: string; clientName: string; onDelete: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(ref, isOpen, close);
  useMenuKeys(ref, isOpen);
  return (
    <div className="row-menu" ref={ref}>
      <button type="button" className="row-menu-button" aria-haspopup="menu" aria-expanded={isOpen} aria-label={`${CLIENT_TEXTS.colActions} for ${clientName}`} onClick={() => setIsOpen((o) => !o)}>
        ⋯
      </button>
      {isOpen ? (
        <div className="menu" role="menu">
          <Link role="menuitem" className="menu-item" to={`/clients/${clientId}`}>
            {CLIENT_TEXTS.edit}
          </Link>
          <button
            type="button"
            role="menuitem"
            className="menu-item danger"
            onClick={() => {
              setIsOpen(false);
              onDelete();
            }}
          >
            {CLIENT_TEXTS.delete}
          </button>
        </div>
      ) : null}
    </div>
  );
}
