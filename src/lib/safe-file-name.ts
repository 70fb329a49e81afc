/**
 * One plain file name, safe to store or to write as a zip entry: no path separators, no `..`, no control
 * or bidi-override characters, none of Windows' reserved `:*?"<>|`, no leading dot, at most 255 characters
 * with the extension kept. `../../x.jpg` becomes `x.jpg`. The server's copy is pb_hooks/lib/rules/file_names.js
 * (CommonJS for PocketBase, which workers cannot load); pb_hooks/lib/rules/file_names.test.ts keeps them identical.
 */
export const MAX_NAME_LENGTH = 255;

export function safeFileName(name: string | null | undefined, fallback = "image"): string {
  let s = String(name ?? "")
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .split(/[\\/]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "." && part !== "..")
    .join("_")
    .replace(/[:*?"<>|]/g, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  if (!s) return fallback;
  const chars = Array.from(s);
  if (chars.length > MAX_NAME_LENGTH) {
    const dot = s.lastIndexOf(".");
    const ext = dot > 0 && s.length - dot <= 16 ? Array.from(s.slice(dot)) : [];
    s = chars.slice(0, MAX_NAME_LENGTH - ext.length).join("") + ext.join("");
  }
  return s;
}
