/** Rows as PocketBase writes them, for the scale fixtures (scale-fixture.ts): ids, dates and INSERTs. */
export type Row = Record<string, string | number | null>;

/** A PocketBase-shaped id (15 characters of a-z0-9): a one-letter kind and the number in base 36. */
export function idOf(kind: string, n: number): string {
  return kind + n.toString(36).padStart(14, "0");
}

/** A date as PocketBase stores it: "2025-01-01 00:00:00.000Z". */
export function dateOf(ms: number): string {
  return new Date(ms).toISOString().replace("T", " ");
}

function literal(v: string | number | null): string {
  if (v === null) return "NULL";
  if (typeof v === "number") return String(v);
  return `'${v.replace(/'/g, "''")}'`;
}

/** An INSERT of the template row with some of its columns replaced. */
export function insertSql(table: string, template: Row, values: Row): string {
  const row = { ...template, ...values };
  const cols = Object.keys(row);
  return `INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(",")}) VALUES (${cols.map((c) => literal(row[c]!)).join(",")});`;
}
