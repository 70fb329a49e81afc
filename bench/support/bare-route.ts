/**
 * The floor of bench/image-wrk.bench.ts (issue 28): a copy of the hooks folder under study plus one extra
 * hooks file, `bench_bare.pb.js`, whose route `GET /api/bench/bare/{id}` serves an image's thumbnail with
 * no check at all. It runs behind the same two app middlewares and the same kind of rate-limit rule as the
 * visitor image route, so what it costs beyond a static file is what any JS-hook route costs on this
 * machine before it checks anything. Bench only: the product's hooks are never changed.
 *
 * BENCH_BARE_MODE picks how the bytes go out (the cheapest measured is the default):
 * - "blob": the file's bytes read once per VM ($os.readFile, kept as the Go byte slice it is) and sent
 *   with `e.blob`: no open, stat or attribute read per request;
 * - "filefs": `e.fileFS` of the local storage folder (an `$os.dirFS` opened once per VM): an open and a
 *   stat per request, as PocketBase's static handler does;
 * - "serve": the storage handle opened once per VM (`$app.newFilesystem()`) and its `serve`, as the
 *   product's route does (it reads the file's attributes).
 * Each mode marks the answer as PocketBase's static handler does (no success log), as the product's route does.
 */
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const BARE_MODES = ["blob", "filefs", "serve"] as const;
export type BareMode = (typeof BARE_MODES)[number];

/** The rate-limit rule the bare route meets, as roomy as the image route's own (pb_migrations). */
export const BARE_RATE_RULE = { label: "/api/bench/", audience: "", duration: 10, maxRequests: 50000 };

function bareHook(mode: BareMode): string {
  return `/// <reference path="../pb_data/types.d.ts" />
// Bench only (bench/support/bare-route.ts): the thumbnail of an image, no check at all, mode "${mode}".
routerAdd("GET", "/api/bench/bare/{id}", (e) => {
  const id = e.request.pathValue("id");
  const vm = globalThis.__benchBare || (globalThis.__benchBare = { files: {}, fsys: null });
  let file = vm.files[id];
  if (!file) {
    const record = $app.findRecordById("images", id);
    const key = record.baseFilesPath() + "/" + record.getString("thumbnail");
    const full = $app.dataDir() + "/storage/" + key;
    file = vm.files[id] = { key: key, name: record.getString("thumbnail"), bytes: ${mode === "blob" ? "$os.readFile(full)" : "null"} };
  }
  e.set("__skipSuccessActivityLogger", true);
  ${
    mode === "blob"
      ? `return e.blob(200, "image/webp", file.bytes);`
      : mode === "filefs"
        ? `if (!vm.fsys) vm.fsys = $os.dirFS($app.dataDir() + "/storage");
  return e.fileFS(vm.fsys, file.key);`
        : `if (!vm.fsys) vm.fsys = $app.newFilesystem();
  return vm.fsys.serve(e.response, e.request, file.key, file.name);`
  }
});
`;
}

/** A temp hooks folder: `hooksDir`'s files plus the bare route. The caller removes it. */
export function bareHooksDir(hooksDir: string, mode: BareMode): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-bench-bare-hooks-"));
  cpSync(hooksDir, dir, { recursive: true });
  writeFileSync(path.join(dir, "bench_bare.pb.js"), bareHook(mode));
  return dir;
}
