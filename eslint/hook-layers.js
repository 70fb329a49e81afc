/**
 * The layers of pb_hooks/lib (docs/ARCHITECTURE.md, "Server") as a local ESLint rule that reads `require`
 * paths, both `${__hooks}/lib/<layer>/x.js` (how PocketBase's VM resolves them) and `./x.js` or `../<layer>/x.js`
 * (how the pure rule files require each other, so Node's unit tests can load them). A file's layer is the
 * folder it stands in, from the ground up:
 * - records/: shared data declared once (the collection registry), no requires;
 * - rules/: pure decisions, no PocketBase globals, unit-tested in Node; they require only rules and records;
 * - core/: app-level helpers that read and write records;
 * - handlers/: the route and record handlers the *.pb.js files call.
 * A file may require its own layer and those below it; the *.pb.js files may require any of them. A file of
 * pb_hooks/lib outside these four folders has no layer, and the rule refuses it (and any require of it).
 */
import path from "node:path";

export const HOOK_LAYERS = ["records", "rules", "core", "handlers"];

/**
 * The layer of a path relative to the project root: "hooks" for a *.pb.js file, the folder's name for a file
 * of pb_hooks/lib/<layer>/, "unknown" for any other .js file under pb_hooks/lib, else null.
 */
export function hookLayerOf(relative) {
  const segments = relative.split(/[\\/]/);
  if (segments[0] !== "pb_hooks") return null;
  if (segments.length === 2) return segments[1].endsWith(".pb.js") ? "hooks" : null;
  if (segments[1] !== "lib" || !segments[segments.length - 1].endsWith(".js")) return null;
  return segments.length === 4 && HOOK_LAYERS.includes(segments[2]) ? segments[2] : "unknown";
}

/** The project-relative path a require names, for `${__hooks}/...` and relative paths, else null. */
function requiredPath(node, root, filename) {
  const arg = node.arguments[0];
  if (!arg) return null;
  if (arg.type === "Literal" && typeof arg.value === "string" && arg.value.startsWith(".")) {
    return path.relative(root, path.resolve(path.dirname(filename), arg.value));
  }
  if (arg.type === "TemplateLiteral" && arg.expressions.length === 1 && arg.expressions[0].type === "Identifier" && arg.expressions[0].name === "__hooks") {
    return path.join("pb_hooks", arg.quasis[1].value.cooked.replace(/^\//, ""));
  }
  return null;
}

const hooksDown = {
  meta: { type: "problem", schema: [], docs: { description: "pb_hooks/lib requires flow down its layers: handlers, core, rules, records" } },
  create(context) {
    const root = context.cwd;
    const from = hookLayerOf(path.relative(root, context.filename));
    if (!from) return {};
    const where = `pb_hooks/lib/{${HOOK_LAYERS.join(",")}}/`;
    return {
      Program(node) {
        if (from === "unknown") context.report({ node, message: `pb_hooks/lib: a file stands in one of ${where}, the folder its layer (docs/ARCHITECTURE.md, "Server").` });
      },
      CallExpression(node) {
        if (node.callee.type !== "Identifier" || node.callee.name !== "require") return;
        const target = requiredPath(node, root, context.filename);
        const to = target && hookLayerOf(target);
        if (!to || to === "hooks" || from === "unknown") return;
        if (to === "unknown") {
          context.report({ node, message: `pb_hooks/lib: ${target} is in no layer; require files of ${where} (docs/ARCHITECTURE.md, "Server").` });
          return;
        }
        if (from === "hooks" || HOOK_LAYERS.indexOf(to) <= HOOK_LAYERS.indexOf(from)) return;
        context.report({ node, message: `pb_hooks/lib: a ${from} file may not require a ${to} file (${path.basename(target)}); move the shared piece down (docs/ARCHITECTURE.md, "Server").` });
      },
    };
  },
};

export default hooksDown;
