/**
 * Lets the app import the hooks' libraries it shares with the server (pb_hooks/lib/contract.js,
 * canonical_json.js, mail_rules.js and the collection registry sync_registry.js), which are CommonJS because PocketBase's JS VM requires it: the file runs in a function
 * with its own `module` object and its `module.exports = { ... }` names become ES exports.
 */
import type { Plugin } from "vite";

/** The pb_hooks/lib files the app imports; each ends with `module.exports = { names }` and requires nothing. */
const SHARED = ["contract.js", "canonical_json.js", "mail_rules.js", "sync_registry.js"];

export function hooksContract(): Plugin {
  return {
    name: "hooks-contract",
    enforce: "pre",
    transform(code, id) {
      const file = (id.split("?")[0] ?? "").replace(/\\/g, "/");
      const shared = SHARED.find((name) => file.endsWith(`/pb_hooks/lib/${name}`));
      if (!shared) return null;
      const exported = /module\.exports\s*=\s*\{([^}]*)\}/.exec(code);
      if (!exported) throw new Error(`pb_hooks/lib/${shared} must end with module.exports = { names }`);
      const names = (exported[1] ?? "")
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      return {
        code: `const __contract = (function () {\nconst module = { exports: {} };\n${code}\nreturn module.exports;\n})();\nexport const { ${names.join(", ")} } = __contract;\n`,
        map: null,
      };
    },
  };
}
