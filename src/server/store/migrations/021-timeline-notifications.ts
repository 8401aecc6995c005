// Migration 2026-12-07-021-timeline-notifications. FROZEN: it has run on databases that exist; a change
// to the schema is a new migration (see index.ts), never an edit here.
// A notification's timeline entry names its channel and kind in columns of their own, rather than in its
// text (`<kind> <channel>`), which the inbox had to search for them. Entries written before are read
// into the new columns from that text. The columns' values are checked by the code that writes them,
// so a new channel or kind needs no change here.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

const NOTIFICATION_TYPES = ['notification.delivered', 'notification.failed'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead_events').addColumn('channel', 'varchar(32)').execute();
  await db.schema.alterTable('lead_events').addColumn('kind', 'varchar(64)').execute();
  const space = isPostgres(db) ? sql`strpos(detail, ' ')` : sql`instr(detail, ' ')`;
  await sql`
    update lead_events
    set kind = substr(detail, 1, ${space} - 1), channel = substr(detail, ${space} + 1)
    where type in (${sql.join(NOTIFICATION_TYPES)}) and ${space} > 0
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lead_events').dropColumn('kind').execute();
  await db.schema.alterTable('lead_events').dropColumn('channel').execute();
}
