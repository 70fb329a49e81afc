/** The import wall can't silently open: ESLint refuses each known bad import and accepts the legal ones. */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

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
];

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
