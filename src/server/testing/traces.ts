// Where a piece of text is still held, for the erasure's tests: every column of every table the store
// has (on SQLite the search table's own shadow tables included), read as text, searched ignoring case.
// The tables are listed from the database itself, so a table or column added later is searched too.
import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../store/database.ts';

interface Column {
  table: string;
  column: string;
}

async function columnsOf(db: Kysely<Database>, dialect: Dialect): Promise<Column[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<Column>`select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  const columns: Column[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    columns.push(...rows.map((r) => ({ table: name, column: r.name })));
  }
  return columns;
}

/** `table.column: term` for each column holding a term (ASCII terms: both databases lower-case those alike). */
export async function tracesOf(db: Kysely<Database>, dialect: Dialect, terms: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const columns = await columnsOf(db, dialect);
  if (columns.length < 10) throw new Error(`Only ${columns.length} columns found: the search would prove nothing`);
  for (const { table, column } of columns) {
    for (const term of terms) {
      const text = dialect === 'postgres' ? sql`lower(${sql.ref(column)}::text)` : sql`lower(cast(${sql.ref(column)} as text))`;
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
        where ${dialect === 'postgres' ? sql`position(${term.toLowerCase()} in ${text})` : sql`instr(${text}, ${term.toLowerCase()})`} > 0`.execute(db);
      if (Number(rows[0]?.n) > 0) found.push(`${table}.${column}: ${term}`);
    }
  }
  return found;
}

/** How many columns tracesOf reads, to show it read the tables it should. */
export async function columnCount(db: Kysely<Database>, dialect: Dialect): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table } of await columnsOf(db, dialect)) counts[table] = (counts[table] ?? 0) + 1;
  return counts;
}
