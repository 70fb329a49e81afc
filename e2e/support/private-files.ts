/**
 * The File System Access save dialogs need a person. These stand-ins answer them with real handles of the
 * origin's private file system (a folder of it), so the app's own path runs as with files on disk:
 * createWritable, the zip streamed into it, the file committed on close. The picker dialogs are all that
 * is replaced.
 */
import type { Page } from "playwright-core";

interface PickerWindow {
  showSaveFilePicker?: unknown;
  showDirectoryPicker?: unknown;
  pickerCalls: Array<{ picker: string; suggestedName?: string }>;
}

/** Answers the save and folder pickers with `folder` of the private file system; files already in it stay. */
export async function answerPickersWith(page: Page, folder: string, existing: Record<string, string> = {}): Promise<void> {
  await page.evaluate(
    async ({ folder, existing }) => {
      const w = window as unknown as PickerWindow;
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      for (const [name, text] of Object.entries(existing)) {
        const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
      w.pickerCalls = [];
      w.showSaveFilePicker = async (options: { suggestedName: string }) => {
        w.pickerCalls.push({ picker: "save", suggestedName: options.suggestedName });
        return dir.getFileHandle(options.suggestedName, { create: true });
      };
      w.showDirectoryPicker = async () => {
        w.pickerCalls.push({ picker: "folder" });
        return dir;
      };
    },
    { folder, existing },
  );
}

export async function pickerCalls(page: Page): Promise<PickerWindow["pickerCalls"]> {
  return page.evaluate(() => (window as unknown as PickerWindow).pickerCalls);
}

/** Every file of the folder, by name. */
export async function privateFiles(page: Page, folder: string): Promise<Record<string, Buffer>> {
  const files = await page.evaluate(async (folder) => {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
    const out: Record<string, string> = {};
    for await (const [name, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
      if (handle.kind !== "file") continue;
      const bytes = new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      out[name] = btoa(binary);
    }
    return out;
  }, folder);
  return Object.fromEntries(Object.entries(files).map(([name, b64]) => [name, Buffer.from(b64, "base64")]));
}

/** Takes the stand-ins away (the app falls back to its other paths) and empties the folder. */
export async function removePickers(page: Page, folder: string): Promise<void> {
  await page.evaluate(async (folder) => {
    const w = window as unknown as PickerWindow;
    delete w.showSaveFilePicker;
    delete w.showDirectoryPicker;
    await (await navigator.storage.getDirectory()).removeEntry(folder, { recursive: true }).catch(() => undefined);
  }, folder);
}
