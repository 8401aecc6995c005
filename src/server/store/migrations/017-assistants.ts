// Migration 2026-12-04-017-assistants. FROZEN: it has run on databases that exist; a change to the
// schema is a new migration (see index.ts), never an edit here.
// Alex and Lana book calls themselves (server/assistants/): a lead says where it was made (the form, a
// voice call, a chat); each conversation with an assistant is kept, with the lead it made if it made
// one (at most one per conversation); and each tool call's answer is kept for a while, so the same call
// sent again is answered the same and changes nothing.
import type { Kysely } from 'kysely';
import { indexOn, oneOf } from './dialect.ts';

const SOURCES = ['form', 'voice', 'chat'];
const CHANNELS = ['voice', 'chat'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('discovery_calls')
    .addColumn('source', 'varchar(10)', (c) => c.notNull().defaultTo('form').check(oneOf('source', SOURCES)))
    .execute();
  await indexOn(db, 'discovery_calls', ['source', 'created_at']);

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // Vapi's id of the call or the chat: one row per conversation, however often it is reported.
    .addColumn('call_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    .addColumn('lead_id', 'varchar(36)', (c) => c.references('discovery_calls.id').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('duration_seconds', 'real')
    .addColumn('ended_reason', 'varchar(200)')
    .addColumn('summary', 'text')
    // JSON: [{ "speaker": "assistant" | "visitor", "text": "…" }, …]
    .addColumn('transcript', 'text')
    .addColumn('structured_data', 'text')
    .addColumn('recording_url', 'varchar(2000)')
    .addColumn('cost', 'real')
    // What the inbox's search of conversations compares: the summary and transcript, folded.
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    // When the end-of-call report arrived; null while only a tool call has named the conversation.
    .addColumn('reported_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('conversations_channel_check', oneOf('channel', CHANNELS))
    .execute();
  await indexOn(db, 'conversations', ['lead_id']);
  await indexOn(db, 'conversations', ['created_at']);

  await db.schema
    .createTable('assistant_tool_calls')
    .addColumn('tool_call_id', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('call_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // The lead it made or changed, so erasing the lead erases the answer that names it.
    .addColumn('lead_id', 'varchar(36)', (c) => c.references('discovery_calls.id').onDelete('cascade'))
    // JSON: { "result": "…" } or { "error": "…" }; null while the call is being answered.
    .addColumn('answer', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await indexOn(db, 'assistant_tool_calls', ['created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_tool_calls').execute();
  await db.schema.dropTable('conversations').execute();
  await db.schema.dropIndex('discovery_calls_source_created_at').execute();
  await db.schema.alterTable('discovery_calls').dropColumn('source').execute();
}
