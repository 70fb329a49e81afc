/** The import wall can't silently open: ESLint refuses each known bad import and accepts the legal ones. */
import { readdirSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import ts from "typescript";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { HOOK_LAYERS } from "./hook-layers.js";
import { FEATURES } from "./layers.js";

const eslint = new ESLint({ cwd: process.cwd() });

async function wallMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "layers/one-way").map((m) => m.message);
}

const BAD: [file: string, code: string, message: RegExp][] = [
  ["src/ui/Button.fixture.tsx", 'import { db } from "../store/db";\nvoid db;', /src\/ui may not import src\/store/],
  ["src/domain/x.fixture.ts", 'import { db } from "../store/db";\nvoid db;', /src\/domain may not import src\/store/],
  ["src/lib/x.fixture.ts", 'import { formatBytes } from "../domain/format";\nvoid formatBytes;', /src\/lib may not import src\/domain/],
  ["src/store/x.fixture.ts", 'import { runSync } from "../sync/engine";\nvoid runSync;', /src\/store may not import src\/sync/],
  ["src/sync/x.fixture.ts", 'import { X } from "../features/clients/ClientForm";\nvoid X;', /src\/sync may not import src\/features/],
  ["src/state/x.fixture.ts", 'import { db } from "../store/db";\nvoid db;', /src\/state may not import src\/store/],
  ["src/routes/x.fixture.tsx", 'import { db } from "../store/db";\nvoid db;', /src\/routes may not import src\/store/],
  ["src/features/clients/x.fixture.tsx", 'import { R } from "../../routes/DashboardRoute";\nvoid R;', /src\/features may not import src\/routes/],
  ["src/features/upload/x.fixture.ts", 'import { processImage } from "../../../workers/image/processImage";\nvoid processImage;', /Only src\/workers-client talks to workers/],
  ["src/workers-client/x.fixture.ts", 'import { processImage } from "../../workers/image/processImage";\nvoid processImage;', /as types only/],
  ["workers/image/x.fixture.ts", 'import { db } from "../../src/store/db";\nvoid db;', /workers\/ may import only src\/domain and src\/lib/],
  ["src/ui/x.fixture.tsx", 'export const load = () => import("../features/clients/ClientForm");', /src\/ui may not import src\/features/],
  ["src/domain/y.fixture.ts", 'export * from "../sync/engine";', /src\/domain may not import src\/sync/],
  // The media layer: below the features, above sync and the store.
  ["src/media/x.fixture.ts", 'import { importPhotos } from "../features/upload/importFiles";\nvoid importPhotos;', /src\/media may not import src\/features/],
  ["src/sync/y.fixture.ts", 'import { processOptions } from "../media/processOptions";\nvoid processOptions;', /src\/sync may not import src\/media/],
  ["src/media/y.fixture.ts", 'import { toast } from "../state/toast";\nvoid toast;', /src\/media may not import src\/state/],
  // Feature folders import only what their table allows (docs/ARCHITECTURE.md).
  ["src/features/sync-status/x.fixture.ts", 'import { rebuildMissingSizes } from "../../media/rebuildSizes";\nimport { X } from "../client-gallery/GalleryTab";\nvoid rebuildMissingSizes; void X;', /src\/features\/sync-status may not import src\/features\/client-gallery/],
  ["src/features/downloads/x.fixture.ts", 'import type { ImportItem } from "../upload/importFiles";\nexport type A = ImportItem;', /src\/features\/downloads may not import src\/features\/upload/],
  ["src/features/visitor-gallery/x.fixture.tsx", 'export const load = () => import("../clients/ClientForm");', /src\/features\/visitor-gallery may not import src\/features\/clients/],
  ["src/features/new-thing/x.fixture.ts", 'import { saveBlob } from "../downloads/saveFile";\nvoid saveBlob;', /src\/features\/new-thing is not in the table/],
  // The folders of workers/: no arrow back up (issue 38: the web JPEG took the converter's metadata writer).
  ["workers/image/x.fixture.ts", 'import { encodeJpeg } from "../convert/encodeJpeg";\nvoid encodeJpeg;', /workers\/image may not import workers\/convert/],
  ["workers/metadata/x.fixture.ts", 'import { inspectImage } from "../image/source";\nvoid inspectImage;', /workers\/metadata may not import workers\/image/],
];

const GOOD: [file: string, code: string][] = [
  // A feature folder named like a layer is not that layer (the hole the review found).
  ["src/routes/x.fixture.tsx", 'import { S } from "../features/sync/SyncStatus";\nvoid S;'],
  ["src/routes/y.fixture.tsx", 'import { useSession } from "../state/session";\nvoid useSession;'],
  ["src/workers-client/x.fixture.ts", 'import type { MediaWorkerApi } from "../../workers/media.worker";\nexport type A = MediaWorkerApi;'],
  ["src/workers-client/y.fixture.ts", 'export type { ZipEntry } from "../../workers/zip/readZip";'],
  ["src/features/clients/x.fixture.tsx", 'import { db } from "../../store/db";\nimport { runSync } from "../../sync/engine";\nvoid db; void runSync;'],
  ["src/app/x.fixture.tsx", 'import { db } from "../store/db";\nimport { R } from "../routes/DashboardRoute";\nvoid db; void R;'],
  ["workers/image/y.fixture.ts", 'import { IMAGE_SIZES } from "../../src/domain/image-sizes";\nvoid IMAGE_SIZES;'],
  ["workers/convert/y.fixture.ts", 'import { embedInJpeg } from "../metadata/embedMetadata";\nimport { readSource } from "../image/source";\nvoid embedInJpeg; void readSource;'],
  ["workers/image/z.fixture.ts", 'import { metadataOf } from "../metadata/readMetadata";\nimport { crc32 } from "../zip/crc32";\nvoid metadataOf; void crc32;'],
  ["src/features/upload/y.fixture.ts", 'import { processOptions } from "../../media/processOptions";\nvoid processOptions;'],
  ["src/app/y.fixture.tsx", 'import { rebuildMissingSizes } from "../media/rebuildSizes";\nvoid rebuildMissingSizes;'],
  ["src/features/clients/y.fixture.tsx", 'import { useZipDownload } from "../downloads/useZipDownload";\nimport { S } from "./StatusBadge";\nvoid useZipDownload; void S;'],
  ["src/features/new-thing/y.fixture.ts", 'import { db } from "../../store/db";\nimport { A } from "./a";\nvoid db; void A;'],
];

/** The "may import" column of the feature folders' table in docs/ARCHITECTURE.md, folder by folder. */
function documentedFeatures(): Record<string, string[]> {
  const doc = readFileSync("docs/ARCHITECTURE.md", "utf8");
  const start = doc.indexOf("| folder | what it is | may import |");
  const table = doc.slice(start, doc.indexOf("\n\n", start));
  const rows = [...table.matchAll(/^\| `([a-z-]+)` \| .* \| (-|(?:`[a-z-]+`(?:, )?)+) \|$/gm)];
  return Object.fromEntries(rows.map(([, folder, allowed]) => [folder!, allowed === "-" ? [] : allowed!.split(", ").map((f) => f.slice(1, -1))]));
}

describe("the feature table", () => {
  it("is the table of docs/ARCHITECTURE.md, row for row", () => {
    expect(documentedFeatures()).toEqual(FEATURES);
  });

  it("names every feature folder and only those", () => {
    const folders = readdirSync("src/features", { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(Object.keys(FEATURES).sort()).toEqual(folders.sort());
  });

  it("allows only listed features, and no circle", () => {
    const seen = new Set<string>();
    const visit = (feature: string, path: string[]): void => {
      expect(path, `${path.join(" -> ")} -> ${feature}`).not.toContain(feature);
      if (seen.has(feature)) return;
      for (const next of FEATURES[feature as keyof typeof FEATURES]) {
        expect(Object.keys(FEATURES)).toContain(next);
        visit(next, [...path, feature]);
      }
      seen.add(feature);
    };
    for (const feature of Object.keys(FEATURES)) visit(feature, []);
  });
});

describe("the import wall", { timeout: 60_000 }, () => {
  it.each(BAD)("refuses %s: %s", async (file, code, message) => {
    const messages = await wallMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it.each(GOOD)("accepts %s: %s", async (file, code) => {
    expect(await wallMessages(file, code)).toEqual([]);
  });
});

/** The messages of the pb_hooks layer rule for a CommonJS file at `filePath`. */
async function hookMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === "layers/hooks-down").map((m) => m.message);
}

const HOOKS_BAD: [file: string, code: string, message: RegExp][] = [
  // The cycle this rule was written after: a route module of the gallery requiring the gallery's routes back.
  ["pb_hooks/lib/core/gallery_session.js", "module.exports = () => require(`${__hooks}/lib/handlers/gallery_api.js`).info;", /a core file may not require a handlers file \(gallery_api\.js\)/],
  ["pb_hooks/lib/rules/rules.js", "module.exports = () => require(`${__hooks}/lib/core/client_defaults.js`);", /a rules file may not require a core file/],
  ["pb_hooks/lib/rules/contract.js", 'module.exports = require("../handlers/proofing.js");', /a rules file may not require a handlers file/],
  ["pb_hooks/lib/records/sync_registry.js", 'module.exports = require("../rules/sync_rules.js");', /a records file may not require a rules file/],
  // The folder is the layer: a new file anywhere else in pb_hooks/lib has none, and nothing may require it.
  ["pb_hooks/lib/new_thing.js", "module.exports = 1;", /a file stands in one of pb_hooks\/lib\/\{records,rules,core,handlers\}\//],
  ["pb_hooks/lib/misc/new_thing.js", "module.exports = 1;", /a file stands in one of/],
  ["pb_hooks/lib/handlers/x.js", "module.exports = require(`${__hooks}/lib/flat_helper.js`);", /pb_hooks\/lib\/flat_helper\.js is in no layer/],
  ["pb_hooks/gallery.pb.js", "routerAdd('GET', '/x', (e) => require(`${__hooks}/lib/helpers/x.js`).info(e));", /is in no layer/],
];

const HOOKS_GOOD: [file: string, code: string][] = [
  ["pb_hooks/lib/handlers/gallery_api.js", "module.exports = () => require(`${__hooks}/lib/core/gallery_session.js`);"],
  ["pb_hooks/lib/core/gallery_session.js", "module.exports = () => require(`${__hooks}/lib/rules/rules.js`);"],
  ["pb_hooks/lib/rules/rules.js", 'module.exports = require("./contract.js");'],
  ["pb_hooks/lib/rules/sync_rules.js", "module.exports = () => require(`${__hooks}/lib/records/sync_registry.js`);"],
  ["pb_hooks/lib/rules/x.js", 'module.exports = require("../records/sync_registry.js");'],
  ["pb_hooks/routes.pb.js", "require(`${__hooks}/lib/handlers/routes.js`).registerRoutes();"],
];

/** Every .js file of pb_hooks/lib, by its path there (`rules/contract.js`). */
function hookFiles(): string[] {
  return readdirSync("pb_hooks/lib", { recursive: true, encoding: "utf8" }).map((name) => name.replace(/\\/g, "/")).filter((name) => name.endsWith(".js"));
}

/**
 * The files of pb_hooks/lib each file requires, by their path there (`core/mail.js`), from both forms:
 * `${__hooks}/lib/core/mail.js` and a relative `./x.js` or `../rules/x.js`.
 */
function hookRequires(sources: Record<string, string>): Record<string, string[]> {
  const pattern = /require\(\s*(?:`\$\{__hooks\}\/lib\/([\w./]+)`|["'](\.\.?\/[\w./]+)["'])/g;
  return Object.fromEntries(
    Object.entries(sources).map(([name, code]) => [
      name,
      [...code.matchAll(pattern)].map((m) => m[1] ?? posix.normalize(posix.join(posix.dirname(name), m[2]!))),
    ]),
  );
}

/** Every file that requires itself back through a chain of requires (the layer rule allows a file's own layer). */
function inCircles(requires: Record<string, string[]>): string[] {
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
    (requires[from] ?? []).some((next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))));
  return Object.keys(requires).filter((name) => reaches(name, name));
}

describe("the layers of pb_hooks/lib", { timeout: 60_000 }, () => {
  it("finds a require circle, through a chain, across folders and in either form", () => {
    const sources = {
      "core/a.js": "require(`${__hooks}/lib/core/b.js`)",
      "core/b.js": 'require("../rules/c.js")',
      "rules/c.js": "require(`${__hooks}/lib/core/a.js`)",
      "rules/d.js": 'require("../core/a.js")',
      "rules/e.js": 'require("./c.js")',
    };
    expect(inCircles(hookRequires(sources))).toEqual(["core/a.js", "core/b.js", "rules/c.js"]);
  });

  it("keeps every file in a layer's folder, and every require names a file that is there", () => {
    const files = hookFiles();
    for (const name of files) expect(HOOK_LAYERS, name).toContain(name.split("/")[0]);
    for (const name of files) expect(name.split("/"), name).toHaveLength(2);
    const sources = Object.fromEntries(files.map((name) => [name, readFileSync(`pb_hooks/lib/${name}`, "utf8")]));
    const pb = readdirSync("pb_hooks").filter((name) => name.endsWith(".pb.js"));
    for (const name of pb) sources[`../${name}`] = readFileSync(`pb_hooks/${name}`, "utf8");
    const required = Object.values(hookRequires(sources)).flat();
    expect(required.length).toBeGreaterThan(100);
    for (const name of required) expect(files, name).toContain(name);
  });

  it("type-checks every file of pb_hooks/lib, with no hand-written .d.ts (tsconfig.hooks.json)", () => {
    const parsed = ts.getParsedCommandLineOfConfigFile("tsconfig.hooks.json", {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    expect(parsed.options.checkJs).toBe(true);
    const checked = parsed.fileNames.map((file) => posix.relative(process.cwd().replace(/\\/g, "/"), file.replace(/\\/g, "/")));
    // PocketBase's own declarations, generated before tsc runs (scripts/hook-types.mjs), so named whether or not they are there yet.
    expect((parsed.raw as { include: string[] }).include).toContain("node_modules/.cache/pocketbase-types/types.d.ts");
    expect(checked.filter((file) => file.startsWith("pb_hooks/lib/")).sort()).toEqual(hookFiles().map((name) => `pb_hooks/lib/${name}`).sort());
    const all = readdirSync("pb_hooks/lib", { recursive: true, encoding: "utf8" });
    expect(all.filter((name) => name.endsWith(".d.ts"))).toEqual([]);
    for (const name of hookFiles()) expect(readFileSync(`pb_hooks/lib/${name}`, "utf8"), name).not.toMatch(/@ts-(nocheck|ignore|expect-error)/);
  });

  it("has no require circle", () => {
    const sources = Object.fromEntries(hookFiles().map((name) => [name, readFileSync(`pb_hooks/lib/${name}`, "utf8")]));
    expect(inCircles(hookRequires(sources))).toEqual([]);
  });

  it("requires down the layers in every file as it stands (the rule, run over pb_hooks)", async () => {
    const results = await eslint.lintFiles(["pb_hooks/**/*.js"]);
    const messages = results.flatMap((r) => r.messages.filter((m) => m.ruleId === "layers/hooks-down").map((m) => `${r.filePath}: ${m.message}`));
    expect(results.length).toBeGreaterThan(60);
    expect(messages).toEqual([]);
  });

  it.each(HOOKS_BAD)("refuses %s: %s", async (file, code, message) => {
    const messages = await hookMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it.each(HOOKS_GOOD)("accepts %s: %s", async (file, code) => {
    expect(await hookMessages(file, code)).toEqual([]);
  });
});
