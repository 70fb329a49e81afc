/**
 * Photos from outside the app, anywhere on a client's gallery page (issue 43): files dropped on the page
 * (not on the two drop zones, which take their own) are imported into the set under the pointer (the set of
 * the card they land on), else into the import's set (the one shown, or picked); an image pasted from the
 * clipboard (Ctrl/Cmd+V, outside a text field) is imported into the import's set. A single .zip goes to the
 * zip import. While files are dragged over the page, `dropInto` says where they would go (null: not
 * dragging; "" no set).
 */
import { useEffect, useRef, useState } from "react";
import { toast } from "../../state/toast";
import { KEYS_TEXTS } from "./keys/texts";

interface Options {
  /** The import's set ("" for none). */
  target: string;
  isBusy: boolean;
  onPhotos: (files: File[], options: { set: string }) => unknown;
  onZip: (file: File, options: { set: string }) => unknown;
}

function hasFiles(event: DragEvent): boolean {
  return !!event.dataTransfer && [...event.dataTransfer.types].includes("Files");
}

/** The set of the card under the pointer, else `fallback`. */
function setUnder(target: EventTarget | null, fallback: string): string {
  const card = target instanceof Element ? target.closest<HTMLElement>("[data-set]") : null;
  return card ? (card.dataset.set ?? "") : fallback;
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit"].includes(target.type)));
}

export function useDropAnywhere({ target, isBusy, onPhotos, onZip }: Options): { dropInto: string | null } {
  const [dropInto, setDropInto] = useState<string | null>(null);
  const state = useRef({ target, isBusy, onPhotos, onZip });
  useEffect(() => {
    state.current = { target, isBusy, onPhotos, onZip };
  });

  useEffect(() => {
    let leaveTimer = 0;
    const take = (files: File[], set: string) => {
      const { isBusy, onPhotos, onZip } = state.current;
      if (!files.length) return;
      if (isBusy) return void toast({ title: KEYS_TEXTS.importBusy, variant: "destructive" });
      const zips = files.filter((f) => f.name.toLowerCase().endsWith(".zip"));
      if (zips.length === files.length && zips.length === 1) void onZip(zips[0]!, { set });
      else void onPhotos(files.filter((f) => !zips.includes(f)), { set });
    };
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = state.current.isBusy ? "none" : "copy";
      window.clearTimeout(leaveTimer);
      const set = setUnder(event.target, state.current.target);
      setDropInto((old) => (old === set ? old : set));
    };
    // dragleave fires on every child crossed: the page is left when no dragover follows soon.
    const onDragLeave = () => {
      window.clearTimeout(leaveTimer);
      leaveTimer = window.setTimeout(() => setDropInto(null), 80);
    };
    const onDrop = (event: DragEvent) => {
      setDropInto(null);
      if (!hasFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      take([...event.dataTransfer!.files], setUnder(event.target, state.current.target));
    };
    const onPaste = (event: ClipboardEvent) => {
      if (isTextField(event.target) || document.querySelector("dialog[open]")) return;
      const files = [...(event.clipboardData?.files ?? [])];
      if (!files.length) return;
      event.preventDefault();
      take(files, state.current.target);
    };
    document.addEventListener("dragover", onDragOver);
    document.addEventListener("dragleave", onDragLeave);
    document.addEventListener("drop", onDrop);
    document.addEventListener("paste", onPaste);
    return () => {
      window.clearTimeout(leaveTimer);
      document.removeEventListener("dragover", onDragOver);
      document.removeEventListener("dragleave", onDragLeave);
      document.removeEventListener("drop", onDrop);
      document.removeEventListener("paste", onPaste);
    };
  }, []);
  return { dropInto };
}
