/**
 * The one-way import wall of the house style (STYLE.md, docs/ARCHITECTURE.md) as a local ESLint rule. It
 * resolves each relative import against the importing file, so a layer is recognised by its full path
 * (`src/sync/...`), never by a folder that merely shares its name (`src/features/sync/...`). Between the
 * feature folders of src/features it allows only the imports of the feature table (FEATURES).
 */
import path from "node:path";
import hooksDown from "./hook-layers.js";

export const LAYERS = ["app", "routes", "features", "media", "ui", "state", "store", "sync", "domain", "lib", "workers-client"];

/** Which src/ layers each layer may import (besides itself and npm packages). */
export const ALLOWED = {
  app: LAYERS,
  routes: ["features", "ui", "domain", "lib", "state"],
  features: ["media", "ui", "state", "store", "sync", "workers-client", "domain", "lib"],
  media: ["store", "sync", "workers-client", "domain", "lib"],
  ui: ["lib"],
  state: ["domain", "lib"],
  store: ["domain", "lib"],
  sync: ["store", "domain", "lib"],
  domain: ["lib"],
  lib: [],
  "workers-client": ["domain", "lib"],
};

/**
 * Which feature folders (src/features/<name>/) each feature folder may import, besides itself: the table of
 * feature folders in docs/ARCHITECTURE.md, which eslint/layers.test.ts holds to this list. A feature folder
 * that is not listed may import no other feature.
 */
export const FEATURES = {
  auth: [],
  dashboard: ["clients", "settings"],
  clients: ["client-gallery", "downloads", "settings", "sync-status", "trash"],
  "client-gallery": ["downloads", "settings", "trash", "upload"],
  upload: ["sync-status"],
  converter: ["downloads", "upload"],
  downloads: [],
  settings: [],
  shell: ["auth", "sync-status", "trash"],
  "sync-status": [],
  news: [],
  trash: [],
  "visitor-gallery": ["downloads"],
};

/**
 * The folders of workers/ that stand on one another, from the top down: the converter uses the import
 * steps' decoders, both use the metadata code, and none of them imports one above it. Folders not listed
 * are not held to an order here.
 */
export const WORKER_FOLDERS = ["convert", "image", "metadata"];

/** What is wrong with one folder of workers/ importing another, else null. */
function workersProblem(fromPath, toPath) {
  const from = fromPath.split(/[\\/]/)[1];
  const to = toPath.split(/[\\/]/)[1];
  if (WORKER_FOLDERS.indexOf(to) < 0 || WORKER_FOLDERS.indexOf(from) <= WORKER_FOLDERS.indexOf(to)) return null;
  return `workers/${from} may not import workers/${to}: the folders of workers/ stand ${WORKER_FOLDERS.join(" > ")} (WORKER_FOLDERS in eslint/layers.js).`;
}

/** "src/<layer>" or "workers" for a path relative to the project root, else null. */
function partOf(relative) {
  const segments = relative.split(/[\\/]/);
  if (segments[0] === "workers") return "workers";
  if (segments[0] === "src" && segments.length > 2 && LAYERS.includes(segments[1])) return segments[1];
  return null;
}

/** The feature folder of a path relative to the project root (src/features/<name>/...), else null. */
function featureOf(relative) {
  const segments = relative.split(/[\\/]/);
  return segments[0] === "src" && segments[1] === "features" && segments.length > 3 ? segments[2] : null;
}

/** What is wrong with one feature folder importing another, else null. */
function featureProblem(from, to) {
  if (!from || !to || from === to) return null;
  if (!Object.hasOwn(FEATURES, from)) return `src/features/${from} is not in the table of feature folders (docs/ARCHITECTURE.md, FEATURES in eslint/layers.js): it may import no other feature.`;
  if (FEATURES[from].includes(to)) return null;
  return `src/features/${from} may not import src/features/${to} (docs/ARCHITECTURE.md, the table of feature folders).`;
}

function typeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

function problem(from, to, node) {
  if (from === "workers") {
    return to !== "workers" && to !== "domain" && to !== "lib" ? "workers/ may import only src/domain and src/lib." : null;
  }
  if (to === "workers") {
    if (from !== "workers-client") return `Only src/workers-client talks to workers/ (src/${from} may not).`;
    return typeOnly(node) ? null : "src/workers-client imports workers/ code as types only (import type): the code runs in the worker.";
  }
  if (from === to || ALLOWED[from].includes(to)) return null;
  return `src/${from} may not import src/${to} (STYLE.md: imports flow one way).`;
}

const oneWay = {
  meta: { type: "problem", schema: [], docs: { description: "imports flow one way between the layers of src/ and workers/, and between features as their table allows" } },
  create(context) {
    const root = context.cwd;
    const from = partOf(path.relative(root, context.filename));
    if (!from) return {};
    const fromPath = path.relative(root, context.filename);
    const fromFeature = featureOf(fromPath);
    function check(node, source) {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source));
      const to = partOf(target);
      const inWorkers = from === "workers" && to === "workers" ? workersProblem(fromPath, target) : null;
      const message = to && (problem(from, to, node) ?? featureProblem(fromFeature, featureOf(target)) ?? inWorkers);
      if (message) context.report({ node, message });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export default { rules: { "one-way": oneWay, "hooks-down": hooksDown } };
