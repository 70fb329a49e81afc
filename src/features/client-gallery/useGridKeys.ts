/**
 * The grid keyboard model (gridKeys.ts) wired to the owner's grid: keys pressed on a card (its picture or
 * its checkbox) or with nothing focused on the page act on the card that has the focus, else the first.
 * Focus moves to the picture button of a card (`[data-index]`); a card the virtual grid has not drawn yet
 * (End, Home) is scrolled to first and focused once drawn. Keys on the card's own buttons (Download,
 * Delete, 'Set as cover') and in any field keep their usual meaning, except the arrows, which move on.
 */
import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from "react";
import { toggled } from "../../lib/selection";
import { columnsFor } from "../../ui/VirtualGrid";
import { gridCommand, rangeIds, withAll } from "./gridKeys";

const GAP = 16;
const FOCUS_TRIES = 20;
/** Open over the grid: the page's keys belong to them (a dialog, the viewer). */
const OVERLAYS = "dialog[open], [aria-modal='true'], .viewer, .yarl__root";

interface Options {
  ids: readonly string[];
  setSelected: Dispatch<SetStateAction<Set<string>>>;
  selected: ReadonlySet<string>;
  onView: (index: number) => void;
  onDelete: (ids: string[]) => void;
}

function cardIndex(target: EventTarget | null): number | null {
  const card = target instanceof Element ? target.closest<HTMLElement>("[data-index]") : null;
  return card ? Number(card.dataset.index) : null;
}

/** Focuses card `index` of `grid`; scrolls it into the window first when the grid has not drawn it. */
function focusCard(grid: HTMLElement, index: number, tries = FOCUS_TRIES): void {
  const button = grid.querySelector<HTMLElement>(`[data-index="${index}"] .image-card-open`);
  if (button) {
    button.focus();
    return;
  }
  const cell = grid.querySelector<HTMLElement>(".vgrid-cell");
  const vgrid = grid.querySelector<HTMLElement>(".vgrid");
  if (!cell || !vgrid || tries <= 0) return;
  const columns = columnsFor(vgrid.clientWidth);
  const rowTop = Math.floor(index / columns) * (cell.offsetHeight + GAP);
  window.scrollTo({ top: vgrid.getBoundingClientRect().top + window.scrollY + rowTop - window.innerHeight / 3 });
  requestAnimationFrame(() => focusCard(grid, index, tries - 1));
}

/** Whether a key on `target` belongs to the grid (a card's picture or checkbox, or the page itself). */
function isGridTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target === document.body) return true;
  if (target.classList.contains("image-card-open")) return true;
  if (target instanceof HTMLInputElement && target.type === "checkbox" && target.closest("[data-index]")) return key !== " "; // the box toggles itself
  return !!target.closest("[data-index]") && key.startsWith("Arrow");
}

export function useGridKeys({ ids, selected, setSelected, onView, onDelete }: Options) {
  const gridRef = useRef<HTMLDivElement>(null);
  const anchor = useRef(0);
  const state = useRef({ ids, selected, onView, onDelete });
  useEffect(() => {
    state.current = { ids, selected, onView, onDelete };
  });

  const onKey = useCallback(
    (event: KeyboardEvent) => {
      const grid = gridRef.current;
      if (!grid || event.defaultPrevented || !isGridTarget(event.target, event.key)) return;
      // The viewer or a dialog over the grid owns the keys, wherever the focus was left.
      if (document.querySelector(OVERLAYS)) return;
      if (event.target !== document.body && !grid.contains(event.target as Node)) return;
      const { ids, selected, onView, onDelete } = state.current;
      const index = Math.min(cardIndex(event.target) ?? cardIndex(grid.querySelector(".image-card-open:focus")) ?? 0, ids.length - 1);
      const vgrid = grid.querySelector<HTMLElement>(".vgrid");
      const command = gridCommand(event, index, ids.length, columnsFor(vgrid?.clientWidth ?? 0));
      if (!command) return;
      if ((command.kind === "clear" || command.kind === "delete") && !selected.size && event.target === document.body) return;
      if (command.kind === "clear" && !selected.size) return;
      if (event.target === document.body) {
        // Nothing focused: select all, clear and delete the selection act; an arrow brings the focus back to the grid.
        if (command.kind === "move") {
          event.preventDefault();
          focusCard(grid, Math.min(anchor.current, ids.length - 1));
          return;
        }
        if (command.kind !== "selectAll" && command.kind !== "clear" && command.kind !== "delete") return;
      }
      event.preventDefault();
      switch (command.kind) {
        case "move":
          if (command.isExtending) setSelected((s) => withAll(s, rangeIds(ids, anchor.current, command.to)));
          else anchor.current = command.to;
          focusCard(grid, command.to);
          return;
        case "toggle":
          anchor.current = index;
          setSelected((s) => toggled(s, ids[index]!));
          return;
        case "range":
          setSelected((s) => withAll(s, rangeIds(ids, anchor.current, index)));
          return;
        case "selectAll":
          setSelected(new Set(ids));
          return;
        case "clear":
          setSelected(new Set());
          return;
        case "delete":
          onDelete(selected.size ? ids.filter((id) => selected.has(id)) : [ids[index]!]);
          return;
        case "view":
          onView(index);
      }
    },
    [setSelected],
  );

  useEffect(() => {
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onKey]);

  /** A click on a card's checkbox: toggles it, or with Shift selects the range from the anchor. */
  const onToggle = useCallback(
    (id: string, isRange = false) => {
      const { ids } = state.current;
      const index = ids.indexOf(id);
      if (isRange) setSelected((s) => withAll(s, rangeIds(ids, anchor.current, index)));
      else setSelected((s) => toggled(s, id));
      anchor.current = index;
    },
    [setSelected],
  );

  return { gridRef, onToggle };
}
