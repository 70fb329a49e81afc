/**
 * The layers of pb_hooks/lib (docs/ARCHITECTURE.md, "Server") as a local ESLint rule that reads `require`
 * paths, both `${__hooks}/lib/x.js` (how PocketBase's VM resolves them) and `./x.js` (how the pure rule files
 * require each other, so Node's unit tests can load them). From the ground up:
 * - records: shared data declared once (the collection registry), no requires;
 * - rules: pure decisions, no PocketBase globals, unit-tested in Node; they require only rules and records;
 * - core: app-level helpers that read and write records (every file of pb_hooks/lib not listed here);
 * - handlers: the route and record handlers the *.pb.js files call.
 * A file may require its own layer and those below it; the *.pb.js files may require any of them.
 */
import path from "node:path";

export const HOOK_LAYERS = ["records", "rules", "core", "handlers"];

/** The files of each layer but core, by name in pb_hooks/lib; a new file is core until it is listed. */
export const HOOK_FILES = {
  records: ["sync_registry.js"],
  rules: [
    "auth_alert_mail.js", "bidi.js", "canonical_json.js", "contract.js", "delivery_rules.js", "file_names.js", "friction.js",
    "gallery_language.js", "image_guard.js", "image_sizes.js", "mail_rules.js", "mail_texts.js", "original_limit.js",
    "proofing_rules.js", "query_string.js", "retry_after.js", "rules.js", "sync_rules.js",
  ],
  handlers: ["account.js", "activity.js", "delivery.js", "gallery_api.js", "image_route.js", "middlewares.js", "proof_people.js", "proofing.js", "save_pipeline.js", "visitor_pages.js"],
};

/** The layer of a path relative to the project root, "hooks" for a *.pb.js file, else null. */
export function hookLayerOf(relative) {
  const segments = relative.split(/[\\/]/);
  if (segments[0] !== "pb_hooks") return null;
  if (segments.length === 2) return segments[1].endsWith(".pb.js") ? "hooks" : null;
  if (segments[1] !== "lib" || !segments[segments.length - 1].endsWith(".js")) return null;
  const name = segments.slice(2).join("/");
  for (const layer of ["records", "rules", "handlers"]) if (HOOK_FILES[layer].includes(name)) return layer;
  return "core";
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
    if (!from || from === "hooks") return {};
    return {
      CallExpression(node) {
        if (node.callee.type !== "Identifier" || node.callee.name !== "require") return;
        const target = requiredPath(node, root, context.filename);
        const to = target && hookLayerOf(target);
        if (!to || to === "hooks") return;
        if (HOOK_LAYERS.indexOf(to) <= HOOK_LAYERS.indexOf(from)) return;
        context.report({ node, message: `pb_hooks/lib: a ${from} file may not require a ${to} file (${path.basename(target)}); move the shared piece down (docs/ARCHITECTURE.md, "Server").` });
      },
    };
  },
};

export default hooksDown;
