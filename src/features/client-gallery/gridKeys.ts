/**
 * The owner's grid keyboard model (issue 43), as a photographer's tools have it: the arrows move the focus
 * from card to card (Up and Down by a row of the grid's current columns), Home and End to the ends; Shift
 * with an arrow adds the cards between the anchor and the new one to the selection; Space selects or
 * deselects the focused card (Shift+Space: the range from the anchor); Ctrl/Cmd+A selects every photo
 * shown, Escape clears the selection; Delete (or Backspace) asks to delete the selection, or the focused
 * card when nothing is selected; Enter or F opens the focused card in the viewer.
 *
 * Plain arrows move the focus only and never change the selection (the selection is what the bulk actions
 * act on: moving through the grid must not lose it).
 */

export type GridCommand =
  | { kind: "move"; to: number; isExtending: boolean }
  | { kind: "toggle" }
  | { kind: "range" }
  | { kind: "selectAll" }
  | { kind: "clear" }
  | { kind: "delete" }
  | { kind: "view" };

export interface GridKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** What a key does at card `index` of `count` cards laid out in `columns` columns; null: not ours. */
export function gridCommand(event: GridKey, index: number, count: number, columns: number): GridCommand | null {
  if (event.altKey || count === 0) return null;
  const isCommand = !!(event.ctrlKey || event.metaKey);
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (isCommand) return key === "a" ? { kind: "selectAll" } : null;
  const isExtending = !!event.shiftKey;
  const clamp = (to: number) => Math.min(count - 1, Math.max(0, to));
  switch (key) {
    case "ArrowRight":
      return { kind: "move", to: clamp(index + 1), isExtending };
    case "ArrowLeft":
      return { kind: "move", to: clamp(index - 1), isExtending };
    case "ArrowDown":
      // The last row may be short: Down from above its end goes to the last card, as file managers do.
      return { kind: "move", to: clamp(index + columns), isExtending };
    case "ArrowUp":
      return { kind: "move", to: index - columns >= 0 ? index - columns : index, isExtending };
    case "Home":
      return { kind: "move", to: 0, isExtending };
    case "End":
      return { kind: "move", to: count - 1, isExtending };
    case " ":
      return isExtending ? { kind: "range" } : { kind: "toggle" };
    case "Escape":
      return { kind: "clear" };
    case "Delete":
    case "Backspace":
      return { kind: "delete" };
    case "Enter":
    case "f":
      return isExtending ? null : { kind: "view" };
    default:
      return null;
  }
}

/** The ids of the cards from `from` to `to` (either order), both included. */
export function rangeIds(ids: readonly string[], from: number, to: number): string[] {
  const [a, b] = from <= to ? [from, to] : [to, from];
  return ids.slice(Math.max(0, a), b + 1);
}

/** `selection` with every id of `add` in it. */
export function withAll(selection: ReadonlySet<string>, add: readonly string[]): Set<string> {
  const next = new Set(selection);
  for (const id of add) next.add(id);
  return next;
}
