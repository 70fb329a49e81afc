/** Names inside one zip must differ: the second "IMG_0001.jpg" becomes "IMG_0001 (2).jpg", and so on. */
export function uniqueName(name: string, taken: Set<string>): string {
  const key = (n: string) => n.toLowerCase();
  let candidate = name || "image";
  if (taken.has(key(candidate))) {
    const dot = candidate.lastIndexOf(".");
    const stem = dot > 0 ? candidate.slice(0, dot) : candidate;
    const ext = dot > 0 ? candidate.slice(dot) : "";
    for (let n = 2; taken.has(key(candidate)); n++) candidate = `${stem} (${n})${ext}`;
  }
  taken.add(key(candidate));
  return candidate;
}
