/**
 * Lets the app import pb_hooks/lib/contract.js, which is CommonJS because PocketBase's JS VM requires it:
 * the file runs in a function with its own `module` object and its `module.exports = { ... }` names become ES exports.
 */
import type { Plugin } from "vite";

export function hooksContract(): Plugin {
  return {
    name: "hooks-contract",
    enforce: "pre",
    transform(code, id) {
      if (!(id.split("?")[0] ?? "").replace(/\\/g, "/").endsWith("/pb_hooks/lib/contract.js")) return null;
      const exported = /module\.exports\s*=\s*\{([^}]*)\}/.exec(code);
      if (!exported) throw new Error("pb_hooks/lib/contract.js must end with module.exports = { names }");
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
