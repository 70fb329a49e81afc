/**
 * The device's database (IndexedDB through Dexie). Every schema version stays declared: Dexie upgrades a
 * device from whatever version it has, keeping its data. Version 1 is what the first release wrote.
 *
 * The database also carries the device's clock and its measured offset to the server's clock, so that
 * edit times are comparable across devices whatever their clocks say.
 *
 * Each account has its own database (`accountDb.ts`): `db` is the signed-in account's, chosen when the app
 * loads; with nobody signed in it is a database that never opens, so no one's data can be read.
 */
import Dexie, { type Table } from "dexie";
import type { ProofRow } from "../domain/proofing";
import { registrySchema } from "../domain/registry";
import { chooseAccountDb, LEGACY_DB_NAME } from "./accountDb";
import type { ClientRow, ConflictRow, ImageBlobRow, ImageRow, ImportRow, OutboxEntry, SetRow, SettingsRow, SyncStateRow } from "./rows";

export const DB_NAME = LEGACY_DB_NAME;
/** The name of the database of nobody (signed out); it is never opened, so it never exists. */
export const SIGNED_OUT_DB_NAME = `${LEGACY_DB_NAME}-signed-out`;

export const SCHEMA_V1 = {
  clients: "id, name, createdAt",
  images: "id, client, uploadedAt",
  imageBlobs: "id",
  settings: "id",
  outbox: "++seq, [collection+recordId]",
  syncState: "key",
};

export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  conflicts: "++id, [collection+recordId], resolved",
};

/** v4: proofing (issue 12), pulled from the server; keyed by id, found by client (picks also by list). */
export const SCHEMA_V4 = {
  ...SCHEMA_V2,
  proofLists: "id, client",
  proofStates: "id, client",
  proofFavourites: "id, client",
  proofPicks: "id, client, list",
  proofComments: "id, client",
};

/**
 * v5 (issue 23): images found by whether the server confirmed their original (`files.original` is "" until
 * then), so upload states come from the server's confirmations, not from the outbox alone; and the journal
 * of each running import, found by client (device only, never synced).
 */
export const SCHEMA_V5 = {
  ...SCHEMA_V4,
  images: "id, client, uploadedAt, files.original",
  imports: "id, client",
};

/** v6 (issue 26): a gallery's sets, synced rows like proofing lists, found by client. */
export const SCHEMA_V6 = {
  ...SCHEMA_V5,
  sets: "id, client",
};

/**
 * v7 (issue 26): the gallery's people (`proof_people`), pulled from the server; favourites, picks, comments
 * and states name one (a field, not an index).
 */
export const SCHEMA_V7 = {
  ...SCHEMA_V6,
  proofPeople: "id, client",
};

/**
 * v8 (issue 43): the trash. Clients, sets, photos and people are found by `trashedAt` (the Trash screen lists
 * them; "" while live); older rows get "" (the upgrade below).
 */
export const SCHEMA_V8 = {
  ...SCHEMA_V7,
  clients: "id, name, createdAt, trashedAt",
  sets: "id, client, trashedAt",
  images: "id, client, uploadedAt, files.original, trashedAt",
  proofPeople: "id, client, trashedAt",
};

/**
 * v9 (issue 39, a hundred times the data): photos are found by an empty `placeholder`, `files.medium` or
 * `files.large` (the sizes added after the first release, store/repositories/missingSizes.ts) instead of
 * by reading every row; rows that lack one of them get "" (the upgrade below) so that the index holds them.
 */
export const SCHEMA_V9 = {
  ...SCHEMA_V8,
  images: "id, client, uploadedAt, files.original, trashedAt, placeholder, files.medium, files.large",
};

/** The device's own tables, which hold no registered collection (bytes, outbox, conflicts, sync state, imports). */
export const DEVICE_TABLES = {
  imageBlobs: "id",
  outbox: "++seq, [collection+recordId]",
  syncState: "key",
  conflicts: "++id, [collection+recordId], resolved",
  imports: "id, client",
};

/**
 * The current version and its schema: the device's own tables and one table per collection of the registry
 * (src/domain/registry.ts). Older versions stay declared above exactly as they were; a registry change that
 * changes the tables is a new version (docs/ARCHITECTURE.md, "Adding a synced collection"), which
 * `src/store/registry.test.ts` asks for: the current schema must equal the newest declared one.
 */
export const CURRENT_VERSION = 9;
export const CURRENT_SCHEMA: Record<string, string> = { ...DEVICE_TABLES, ...registrySchema() };

export class StudioDb extends Dexie {
  clients!: Table<ClientRow, string>;
  images!: Table<ImageRow, string>;
  imageBlobs!: Table<ImageBlobRow, string>;
  settings!: Table<SettingsRow, string>;
  outbox!: Table<OutboxEntry, number>;
  conflicts!: Table<ConflictRow, number>;
  syncState!: Table<SyncStateRow, string>;
  proofLists!: Table<ProofRow, string>;
  proofStates!: Table<ProofRow, string>;
  proofFavourites!: Table<ProofRow, string>;
  proofPicks!: Table<ProofRow, string>;
  proofComments!: Table<ProofRow, string>;
  proofPeople!: Table<ProofRow, string>;
  imports!: Table<ImportRow, string>;
  sets!: Table<SetRow, string>;

  /** The device's clock (tests replace it to simulate skewed devices). */
  clock: () => number = () => Date.now();
  /** Server clock minus device clock, measured by sync; 0 until measured. */
  clockOffsetMs = 0;

  /**
   * The account this database belongs to: sync refuses to run under any other session. `null` for
   * databases of tests and tools, which belong to whoever syncs them.
   */
  readonly accountId: string | null;

  constructor(name: string = DB_NAME, options: { accountId?: string | null; autoOpen?: boolean } = {}) {
    super(name, { autoOpen: options.autoOpen ?? true });
    this.accountId = options.accountId ?? null;
    this.version(1).stores(SCHEMA_V1);
    // v2: conflicts are kept; outbox entries count their push attempts.
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade((tx) =>
        tx
          .table("outbox")
          .toCollection()
          .modify((entry: Partial<OutboxEntry>) => {
            entry.attempts ??= 0;
          }),
      );
    // v3: images have medium and large sizes and a placeholder (src/domain/image-sizes.ts); older rows
    // get empty ones, which sync fills in (media/rebuildSizes.ts).
    this.version(3)
      .stores(SCHEMA_V2)
      .upgrade((tx) =>
        tx
          .table("images")
          .toCollection()
          .modify((row: ImageRow) => {
            row.placeholder ??= "";
            row.files = { ...row.files, medium: row.files?.medium ?? "", large: row.files?.large ?? "" };
          }),
      );
    // v4: proofing tables, empty until the next pull fills them.
    this.version(4).stores(SCHEMA_V4);
    // v5: an index on the confirmed original's name; import journals (src/store/repositories/imports.ts),
    // none until the next import starts. No data changes.
    this.version(5).stores(SCHEMA_V5);
    // v6: sets, empty until the next pull fills them; photos without `set` are in none. No data changes.
    this.version(6).stores(SCHEMA_V6);
    // v7: the people table, filled by the next pull; the proofing rows get their person as the server moved
    // each one (pb_migrations/1795536000_proof_people.js gave them a new `updated`, so the pull brings them again).
    this.version(7).stores(SCHEMA_V7);
    // v8: the trash (issue 43); every row is live.
    this.version(8)
      .stores(SCHEMA_V8)
      .upgrade(async (tx) => {
        for (const table of ["clients", "sets", "images", "proofPeople"]) {
          await tx
            .table(table)
            .toCollection()
            .modify((row: { trashedAt?: string }) => {
              row.trashedAt ??= "";
            });
        }
      });
    // v9 (the current one, SCHEMA_V9 as the registry derives it): the missing sizes by index; an absent one is "".
    this.version(CURRENT_VERSION)
      .stores(CURRENT_SCHEMA)
      .upgrade(async (tx) => {
        await tx
          .table("images")
          .toCollection()
          .modify((row: { placeholder?: string; files?: { medium?: string; large?: string } }) => {
            row.placeholder ??= "";
            if (row.files) {
              row.files.medium ??= "";
              row.files.large ??= "";
            }
          });
      });
  }

  /** Now, on the server's clock. */
  serverNow(): number {
    return this.clock() + this.clockOffsetMs;
  }
}

function openAppDb(): StudioDb {
  let chosen = null;
  try {
    chosen = chooseAccountDb(globalThis.localStorage);
  } catch {
    // no localStorage (tests in Node, a browser that refuses storage): nobody is signed in
  }
  return chosen ? new StudioDb(chosen.name, { accountId: chosen.accountId }) : new StudioDb(SIGNED_OUT_DB_NAME, { accountId: "", autoOpen: false });
}

/** The app's database: the signed-in account's (see the top of this file). */
export const db = openAppDb();
