/**
 * Imports that remember (issue 23): what the device records of an import while it runs, and how a file is
 * recognised as one the gallery already has.
 *
 * A journal lists the import's files when it starts and marks each one done in the transaction that stores
 * it; a finished import removes its journal. A journal left behind by a page that is gone names the files
 * that were never imported.
 *
 * Two files are the same photo when their bytes have the same CRC-32 and the same length (the image record
 * keeps both: `crc32`, `fileSize`). A CRC-32 alone collides once in four billion pairs; with the length too
 * a false match between two real photos is not a practical concern, and the owner can import them anyway.
 */

/** One file of an import: its key within the journal (unique there), its name and size. */
export interface JournalFile {
  key: string;
  name: string;
  size: number;
}

export interface ImportJournal {
  id: string;
  /**
   * The page (browser tab) running the import. While that page lives it holds a lock of this name; a
   * journal whose page holds none was cut short (the tab closed, crashed or reloaded).
   */
  page: string;
  /** The client whose gallery the files go into. */
  client: string;
  /** Photos picked one by one, or the photos of one zip archive. */
  kind: "images" | "zip";
  /** The archive's file name (zip imports). */
  zipName?: string;
  /** When the import started (device clock, ms). */
  startedAt: number;
  /** For a zip: its photo entries, known once its directory was read (empty before). */
  files: JournalFile[];
  /** Keys of the files stored, or deliberately left out (duplicates). */
  done: string[];
}

/** The files of a journal that were not imported, in the order they were listed. */
export function notImported(journal: Pick<ImportJournal, "files" | "done">): JournalFile[] {
  const done = new Set(journal.done);
  return journal.files.filter((f) => !done.has(f.key));
}

/** How the device compares files: CRC-32 as 8 lower-case hex digits (what the image record stores) and size. */
export function contentKey(crc32: string | number, size: number): string {
  const hex = typeof crc32 === "number" ? (crc32 >>> 0).toString(16).padStart(8, "0") : crc32.toLowerCase();
  return `${hex}:${size}`;
}

/**
 * The duplicate check of one import: seeded with what the gallery holds, it answers for each file whether
 * its bytes are new, and remembers them, so the second of two equal files in one pick is a duplicate too.
 * Images whose CRC is unknown ("" on rows from before it was recorded) match nothing.
 */
export class DuplicateCheck {
  private readonly seen: Set<string>;

  constructor(gallery: Iterable<{ crc32?: string; fileSize: number }>) {
    this.seen = new Set();
    for (const image of gallery) if (image.crc32) this.seen.add(contentKey(image.crc32, image.fileSize));
  }

  /** True for bytes not seen before (and now seen); false for a duplicate. */
  claim(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}
