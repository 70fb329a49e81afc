/**
 * The visitor's weight, checked by every build (issue 43): the build fails when any chunk a visitor's page can
 * load (the gallery entry's static and dynamic imports, all the way down) holds a module it must not: Lingui's
 * message parser (catalogues are compiled at build time, vite-plugin-compiled-messages.ts), zod (the
 * visitor checks answers with src/lib/guards.ts), the PocketBase SDK or the owner's app. The bytes a visitor really
 * loads, before the code and on a whole first visit, are measured in Chromium against their budgets
 * (e2e/visitor-weight.test.ts).
 */
import type { Plugin } from "vite";

/** Modules no visitor chunk may hold, each with the reason the build gives. */
export const FORBIDDEN: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  { pattern: /@lingui\/message-utils/, reason: "Lingui's message parser (catalogues are compiled at build time)" },
  { pattern: /\/node_modules\/zod\//, reason: "zod (the visitor's path checks with src/lib/guards.ts)" },
  { pattern: /\/pocketbase\/dist\//, reason: "the PocketBase SDK (the owner's)" },
  { pattern: /\/src\/app\/OwnerApp\.tsx$/, reason: "the owner's app" },
];

export interface ChunkInfo {
  fileName: string;
  imports: readonly string[];
  dynamicImports: readonly string[];
  moduleIds: readonly string[];
}

/** Every chunk reachable from `entry`, and those of them its static imports alone reach. */
export function reachable(chunks: ReadonlyMap<string, ChunkInfo>, entry: string): { all: Set<string>; statics: Set<string> } {
  const walk = (start: string, dynamic: boolean): Set<string> => {
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length) {
      const name = queue.pop()!;
      const chunk = chunks.get(name);
      if (!chunk || seen.has(name)) continue;
      seen.add(name);
      queue.push(...chunk.imports, ...(dynamic ? chunk.dynamicImports : []));
    }
    return seen;
  };
  return { all: walk(entry, true), statics: walk(entry, false) };
}

/** What a visitor chunk holds that it must not: "chunk: module (reason)". */
export function forbiddenIn(chunks: ReadonlyMap<string, ChunkInfo>, names: Iterable<string>): string[] {
  const found: string[] = [];
  for (const name of names)
    for (const id of chunks.get(name)?.moduleIds ?? [])
      for (const { pattern, reason } of FORBIDDEN) if (pattern.test(id)) found.push(`${name}: ${id.replace(/^.*node_modules\//, "")} (${reason})`);
  return found;
}

export function visitorWeight(): Plugin {
  return {
    name: "studio-gallery-visitor-weight",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      let entry: string | undefined;
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        chunks.set(item.fileName, { fileName: item.fileName, imports: item.imports, dynamicImports: item.dynamicImports, moduleIds: item.moduleIds });
        if (item.isEntry && item.facadeModuleId?.endsWith("/gallery.html")) entry = item.fileName;
      }
      if (!entry) return; // a build without the visitor's page (a worker's)
      const wrong = forbiddenIn(chunks, reachable(chunks, entry).all);
      if (wrong.length) this.error(`The visitor's chunks hold what they must not (issue 43):\n  ${wrong.join("\n  ")}`);
    },
  };
}
