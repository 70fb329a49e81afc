/**
 * Lint rules, including the one-way import direction of the house style (STYLE.md): each layer may
 * import only the layers below it, and a feature only the features its table allows (eslint/layers.js;
 * eslint/layers.test.ts keeps the wall shut).
 */
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import layers from "./eslint/layers.js";
import mediaBytes from "./eslint/media-bytes.js";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "pb_data", "dev-dist", "pb_migrations", "coverage", "workers/convert/mozjpeg-simd/*.js"] },
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
  {
    files: ["src/**/*.{ts,tsx}", "workers/**/*.ts"],
    plugins: { layers },
    rules: { "layers/one-way": "error" },
  },
  {
    // One writer of media bytes (issue 38): src/store/repositories/mediaBytes.ts, and the sync's upload
    // confirmations (eslint/media-bytes.js). Tests set up their own bytes.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/store/test-db.ts"],
    plugins: { "media-bytes": mediaBytes },
    rules: { "media-bytes/one-writer": "error" },
  },
  {
    // pb_hooks/lib requires flow down its layers (eslint/hook-layers.js, docs/ARCHITECTURE.md "Server").
    files: ["pb_hooks/**/*.js"],
    plugins: { layers },
    rules: { "layers/hooks-down": "error" },
  },
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
    // Every text a person reads comes from a feature's texts.ts (issue 27: catalogues per language), and every
    // date, time and number is formatted in the active locale (src/domain/format.ts): no English written into
    // JSX, no toLocale*String, no Intl formatter with a hard-wired locale. src/locales/catalogues.test.ts
    // holds the texts.ts files themselves to the catalogues.
    files: ["src/**/*.tsx", "src/**/*.ts"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/sync/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "JSXText[value=/[A-Za-z]{2,}/]", message: "A text a person reads belongs in the feature's texts.ts (translated through src/locales)." },
        {
          selector: "JSXAttribute[name.name=/^(aria-label|title|placeholder|alt)$/] > Literal[value=/[A-Za-z]{2,}/]",
          message: "A label a person hears or reads belongs in the feature's texts.ts (translated through src/locales).",
        },
        { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]", message: "Format through src/domain/format.ts, in the active locale." },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/Format$/] > Literal:first-child",
          message: "Format in the active locale (activeLocale() from src/lib/i18n), never a hard-wired one.",
        },
      ],
    },
  },
  {
    // Small files, one job each (STYLE.md): past 300 lines a file is split along its subjects, tests and
    // benchmarks too (eslint/max-lines.test.ts keeps the rule on for every folder).
    files: ["{src,workers,pb_hooks,scripts,tests,e2e,bench}/**/*.{ts,tsx,js,mjs,cjs,mts}"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    files: ["workers/**/*.ts"],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  {
    files: ["pb_hooks/**/*.js"],
    languageOptions: {
      sourceType: "commonjs",
      globals: {
        ...globals.commonjs,
        $app: "readonly", $security: "readonly", $os: "readonly", $http: "readonly", $dbx: "readonly", $apis: "readonly", __hooks: "readonly",
        routerAdd: "readonly", routerUse: "readonly", onRecordCreate: "readonly", onRecordUpdate: "readonly",
        onRecordDelete: "readonly", onRecordCreateRequest: "readonly", onRecordUpdateRequest: "readonly", onRecordRequestPasswordResetRequest: "readonly",
        Record: "readonly", Collection: "readonly", DynamicModel: "readonly", DateTime: "readonly", Cookie: "readonly", Command: "readonly", ValidationError: "readonly",
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
    files: ["scripts/**/*.mjs", "eslint/**/*.js", "e2e/**/*.ts", "tests/**/*.ts", "bench/**/*.{ts,mjs}", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
