import { describe, expect, it } from "vitest";
import { gridCommand, rangeIds, withAll } from "./gridKeys";

// Ten cards in four columns: rows 0-3, 4-7, 8-9.
const at = (key: string, index: number, mods: Record<string, boolean> = {}) => gridCommand({ key, ...mods }, index, 10, 4);

describe("the grid's keys", () => {
  it("moves by one card left and right and by a row up and down, never past the ends", () => {
    expect(at("ArrowRight", 2)).toEqual({ kind: "move", to: 3, isExtending: false });
    expect(at("ArrowRight", 9)).toEqual({ kind: "move", to: 9, isExtending: false });
    expect(at("ArrowLeft", 0)).toEqual({ kind: "move", to: 0, isExtending: false });
    expect(at("ArrowDown", 1)).toEqual({ kind: "move", to: 5, isExtending: false });
    expect(at("ArrowUp", 5)).toEqual({ kind: "move", to: 1, isExtending: false });
    expect(at("ArrowUp", 2)).toEqual({ kind: "move", to: 2, isExtending: false });
    expect(at("Home", 7)).toEqual({ kind: "move", to: 0, isExtending: false });
    expect(at("End", 1)).toEqual({ kind: "move", to: 9, isExtending: false });
  });

  it("goes Down from above a short last row to its last card", () => {
    expect(at("ArrowDown", 7)).toEqual({ kind: "move", to: 9, isExtending: false });
  });

  it("extends with Shift, selects with Space, all with Ctrl or Cmd+A", () => {
    expect(at("ArrowRight", 2, { shiftKey: true })).toEqual({ kind: "move", to: 3, isExtending: true });
    expect(at(" ", 2)).toEqual({ kind: "toggle" });
    expect(at(" ", 2, { shiftKey: true })).toEqual({ kind: "range" });
    expect(at("a", 2, { ctrlKey: true })).toEqual({ kind: "selectAll" });
    expect(at("A", 2, { metaKey: true })).toEqual({ kind: "selectAll" });
    expect(at("Escape", 2)).toEqual({ kind: "clear" });
  });

  it("deletes with Delete or Backspace and views with Enter or F", () => {
    expect(at("Delete", 0)).toEqual({ kind: "delete" });
    expect(at("Backspace", 0)).toEqual({ kind: "delete" });
    expect(at("Enter", 0)).toEqual({ kind: "view" });
    expect(at("f", 0)).toEqual({ kind: "view" });
    expect(at("F", 0)).toEqual({ kind: "view" });
  });

  it("leaves other keys and the browser's own shortcuts alone", () => {
    expect(at("x", 0)).toBeNull();
    expect(at("Tab", 0)).toBeNull();
    expect(at("f", 0, { ctrlKey: true })).toBeNull();
    expect(at("ArrowRight", 0, { altKey: true })).toBeNull();
    expect(gridCommand({ key: "ArrowRight" }, 0, 0, 4)).toBeNull();
  });
});

describe("ranges", () => {
  it("takes the cards between two indexes in either order", () => {
    const ids = ["a", "b", "c", "d", "e"];
    expect(rangeIds(ids, 1, 3)).toEqual(["b", "c", "d"]);
    expect(rangeIds(ids, 3, 1)).toEqual(["b", "c", "d"]);
    expect([...withAll(new Set(["a"]), ["c", "d"])]).toEqual(["a", "c", "d"]);
  });
});
