/**
 * A zip's top-level folders, which an import can turn into sets (issue 26): "Ceremony/IMG_1.jpg" is in
 * "Ceremony"; "IMG_2.jpg" and anything under "__MACOSX" (the Finder's resource forks) are in none.
 */
const IGNORED = new Set(["__MACOSX"]);

/** The top-level folder of an archive path, or "" for a file at the root. */
export function topFolder(path: string): string {
  const parts = path.replace(/\\/g, "/").split("/").filter(Boolean);
  if (parts.length < 2 || IGNORED.has(parts[0]!)) return "";
  return parts[0]!.trim();
}

/** The distinct top-level folders of these paths, in name order (numbers in numeric order). */
export function zipFolders(paths: readonly string[]): string[] {
  const order = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
  return [...new Set(paths.map(topFolder).filter(Boolean))].sort(order.compare);
}
