/**
 * A step that runs once the build is written, with its output folder: `closeBundle`, sequential and last, so
 * it runs after plugins whose closeBundle builds more (the service workers). The precompression
 * (vite.config.ts) and the third-party notices (vite-plugin-licences.ts) are such steps.
 */
import path from "node:path";
import type { Plugin } from "vite";

export function afterBuild(name: string, step: (outDir: string) => void): Plugin {
  let outDir = "dist";
  return {
    name,
    apply: "build",
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: { sequential: true, order: "post", handler: () => step(outDir) },
  };
}
