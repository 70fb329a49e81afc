/**
 * Is dist/ older than the sources it is built from? `npm start` builds only then, so a production server
 * with a prebuilt dist/ (and no devDependencies) starts at once.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Everything the build reads: the app, the workers, static files, the HTML entries, build configuration, and
 * the hooks' files the app imports through the hooksContract plugin (pb_hooks/lib/rules/contract.js, file_names.js,
 * ...; all of pb_hooks/lib counts, so a new shared file needs no line here).
 */
export const BUILD_INPUTS = ["src", "workers", "public", "index.html", "gallery.html", "pb_hooks/lib", "vite.config.ts", "vite-plugin-hooks-contract.ts", "vite-plugin-licences.ts", "vite-plugin-after-build.ts", "licences", "LICENSE", "package.json", "package-lock.json", "tsconfig.app.json", "tsconfig.workers.json", "tsconfig.base.json"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Why a build is needed ("missing", "stale"), or null when dist/ is newer than every input. */
export function buildNeeded(root) {
  const stamp = path.join(root, "dist", "index.html");
  if (!existsSync(stamp)) return "missing";
  const built = statSync(stamp).mtimeMs;
  const source = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(root, p))));
  return source > built ? "stale" : null;
}
