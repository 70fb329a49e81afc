// The `console` of PocketBase's JS VM (goja's, printing to the server's output), which every hook may use but
// PocketBase's generated types (scripts/hook-types.mjs) leave out. Only what the hooks call.
declare const console: {
  log(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
};
