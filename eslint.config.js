/**
 * Lint rules, including the one-way import direction of the house style (STYLE.md): each layer may
 * import only the layers below it. Enforced with no-restricted-imports per folder.
 */
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const LAYERS = ["app", "routes", "features", "ui", "state", "store", "sync", "domain", "lib", "workers-client"];

/** Which src/ layers each layer may import (besides itself and npm packages). */
const ALLOWED = {
  app: LAYERS,
  routes: ["features", "ui", "domain", "lib", "state"],
  features: ["ui", "state", "store", "sync", "workers-client", "domain", "lib"],
  ui: ["lib"],
  state: ["domain", "lib"],
  store: ["domain", "lib"],
  sync: ["store", "domain", "lib"],
  domain: ["lib"],
  lib: [],
  "workers-client": ["domain", "lib"],
};

function restrictionsFor(layer) {
  const forbidden = LAYERS.filter((l) => l !== layer && !ALLOWED[layer].includes(l));
  const patterns = forbidden.map((l) => ({
    group: [`**/${l}/*`, `**/${l}`, `@/${l}/*`],
    message: `src/${layer} may not import src/${l} (STYLE.md: imports flow one way).`,
  }));
  if (layer !== "workers-client") {
    patterns.push({ group: ["**/workers/*", "!**/workers-client/*"], message: "Only src/workers-client talks to workers/." });
  }
  return {
    files: [`src/${layer}/**/*.{ts,tsx}`],
    rules: { "no-restricted-imports": ["error", { patterns }] },
  };
}

export default tseslint.config(
  { ignores: ["dist", "node_modules", "pb_data", "dev-dist", "pb_migrations", "coverage"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...LAYERS.map(restrictionsFor),
  {
    // The store owns every write (issue #13): sync moves outbox entries and records conflicts only through
    // src/store/outbox.ts and src/store/conflicts.ts, so the outbox's rules live in one place.
    files: ["src/sync/**/*.{ts,tsx}"],
    ignores: ["src/sync/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^(outbox|conflicts)$/]",
          message: "Only src/store touches the outbox and conflicts tables: use the operations of src/store/outbox.ts and src/store/conflicts.ts.",
        },
        {
          selector: "CallExpression[callee.property.name='table'] > Literal[value=/^(outbox|conflicts)$/]",
          message: "Only src/store touches the outbox and conflicts tables: use the operations of src/store/outbox.ts and src/store/conflicts.ts.",
        },
      ],
    },
  },
  {
    files: ["workers/**/*.ts"],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/src/*", "!**/src/domain", "!**/src/domain/*", "!**/src/lib", "!**/src/lib/*"],
              message: "workers/ may import only src/domain and src/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["pb_hooks/**/*.js"],
    languageOptions: {
      sourceType: "commonjs",
      globals: {
        ...globals.commonjs,
        $app: "readonly", $security: "readonly", $os: "readonly", $dbx: "readonly", $apis: "readonly", __hooks: "readonly",
        routerAdd: "readonly", routerUse: "readonly", onRecordCreate: "readonly", onRecordUpdate: "readonly",
        onRecordDelete: "readonly", onRecordCreateRequest: "readonly", onRecordUpdateRequest: "readonly",
        Record: "readonly", Collection: "readonly", DynamicModel: "readonly", Cookie: "readonly", Command: "readonly", ValidationError: "readonly",
        ApiError: "readonly", NotFoundError: "readonly", BadRequestError: "readonly", ForbiddenError: "readonly",
        UnauthorizedError: "readonly", TooManyRequestsError: "readonly", Middleware: "readonly", console: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/triple-slash-reference": "off", // PocketBase's own way to type hooks
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "e2e/**/*.ts", "tests/**/*.ts", "bench/**/*.{ts,mjs}", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
