/**
 * Lets the app import the hooks' libraries it shares with the server (pb_hooks/lib/rules/contract.js,
 * canonical_json.js, mail_rules.js with mail_layout.js, mail_texts.js, proofing_rules.js with bidi.js and refusals.js, file_names.js, and the collection registry sync_registry.js), which are CommonJS because PocketBase's JS VM requires it: the file runs in a function
 * with its own `module` object and its `module.exports = { ... }` names become ES exports. A shared file may
 * `require("./other.js")` another shared file of its folder: that becomes an ES import.
 */
import type { Plugin } from "vite";

/** The pb_hooks/lib files the app imports; each ends with `module.exports = { names }` and requires only others of these. */
const SHARED = ["rules/contract.js", "rules/canonical_json.js", "rules/mail_rules.js", "rules/mail_texts.js", "records/sync_registry.js", "rules/bidi.js", "rules/proofing_rules.js", "rules/file_names.js", "rules/refusals.js", "rules/mail_layout.js"];

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
      const required = [...new Set([...code.matchAll(/require\("(\.\/[a-z_]+\.js)"\)/g)].map((m) => m[1]!))];
      const folder = shared.slice(0, shared.indexOf("/") + 1);
      for (const dep of required) if (!SHARED.includes(folder + dep.slice(2))) throw new Error(`pb_hooks/lib/${shared} requires ${dep}, which the app cannot import`);
      const imports = required.map((dep, i) => `import * as __dep${i} from "${dep}";\n`).join("");
      const table = `const require = (path) => ({ ${required.map((dep, i) => `"${dep}": __dep${i}`).join(", ")} })[path];\n`;
      return {
        code: `${imports}const __contract = (function () {\n${table}const module = { exports: {} };\n${code}\nreturn module.exports;\n})();\nexport const { ${names.join(", ")} } = __contract;\n`,
        map: null,
      };
    },
  };
}
