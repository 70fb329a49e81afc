/**
 * The test tiers. `unit` runs without servers; `server` starts the real PocketBase binary per file; `proxy`
 * puts Debian's nginx with deploy/nginx.conf in front of it;
 * `browser` drives Debian's Chromium against the built app served by PocketBase (scripts/test.mjs builds it
 * first and passes CHROMIUM_PATH).
 */
import { defineConfig } from "vitest/config";
import { hooksContract } from "./vite-plugin-hooks-contract";

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [hooksContract()],
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "workers/**/*.test.ts", "pb_hooks/**/*.test.ts", "eslint/**/*.test.ts", "licences/**/*.test.ts"],
          environment: "node",
          // Some unit tests do real work (zips, inflate, IndexedDB in fake-indexeddb): slack for a shared machine.
          testTimeout: 20_000,
        },
      },
      {
        plugins: [hooksContract()],
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // Debian's nginx running deploy/nginx.conf in front of PocketBase (scripts/test.mjs installs nginx).
        test: {
          name: "proxy",
          include: ["tests/proxy/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // The container image built and run with podman (opt-in: `npm test -- container`; tests/container/).
        test: {
          name: "container",
          include: ["tests/container/**/*.test.ts"],
          environment: "node",
          testTimeout: 420_000,
          hookTimeout: 1_800_000,
          fileParallelism: false,
        },
      },
      {
        // Benchmarks: not part of npm test; `npm run bench` prints their figures (docs/BENCHMARKS.md).
        test: {
          name: "bench",
          include: ["bench/**/*.bench.ts"],
          environment: "node",
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [hooksContract()],
        test: {
          name: "browser",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
