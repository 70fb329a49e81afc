/**
 * A choice in the app's own design (issue 43: no native selects in the grid's toolbar): a button that says
 * what it chooses and, when `value` is given, the current choice; it opens a menu of the options (the ARIA
 * menu pattern: menuitemradio, Up/Down/Home/End, Escape or a click outside closes, focus goes back to the
 * button). Without `value` it is an action menu ('Move to set'): each option is a command.
 */
import { useCallback, useId, useRef, useState } from "react";
import { useDismiss } from "./useDismiss";
import { useMenuKeys } from "./useMenuKeys";
import "./choice-menu.css";

export interface Choice {
  value: string;
  label: string;
}

interface Props {
  /** What the button chooses ("Show", "Import into set", "Move to set"). */
  label: string;
  options: readonly Choice[];
  value?: string;
  onChange: (value: string) => void;
  isDisabled?: boolean;
  className?: string;
}

export function ChoiceMenu({ label, options, value, onChange, isDisabled = false, className = "" }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(ref, isOpen, close);
  useMenuKeys(ref, isOpen);
  const current = value === undefined ? undefined : options.find((o) => o.value === value);
  return (
    <div className={`choice-menu ${className}`} ref={ref}>
      <button type="button" className="btn btn-outline choice-menu-button" aria-haspopup="menu" aria-expanded={isOpen} disabled={isDisabled} onClick={() => setIsOpen((o) => !o)}>
        <span id={labelId} className={current ? "choice-menu-label" : undefined}>
          {label}
        </span>
        {current ? <span className="choice-menu-value">{current.label}</span> : null}
        <svg className="choice-menu-caret" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" />
        </svg>
      </button>
      {isOpen ? (
        <div className="menu choice-menu-list" role="menu" aria-labelledby={labelId}>
          {options.map((o) => (
            <button
              key={o.value}
              type="button"
              role={value === undefined ? "menuitem" : "menuitemradio"}
              aria-checked={value === undefined ? undefined : o.value === value}
              className="menu-item"
              onClick={() => {
                setIsOpen(false);
                onChange(o.value);
              }}
            >
              {o.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
