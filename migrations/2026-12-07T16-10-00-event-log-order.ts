import { type Kysely, sql } from 'kysely';

/**
 * The event log without a global lock (issue 38). Each event records the
 * transaction that wrote it (`xact`, `pg_current_xact_id()` by default), and
 * readers order by (xact, id) and read only below the horizon under which
 * every transaction has finished (see event-repository.ts). Rows written
 * before this migration were ordered by id under the old lock: they get
 * xact 0, so they keep their order, come before every new row (a real
 * transaction id is at least 3), and their cursors (xact × 2^64 + id = id)
 * stay the strings they were. Adding the column with a constant default
 * rewrites nothing; the default for new rows is set after.
 *
 * A webhook's durable cursor gains the same transaction half; 0 beside an old
 * id cursor is exactly the position that id had.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table events add column xact xid8 not null default '0'`.execute(db);
  await sql`alter table events alter column xact set default pg_current_xact_id()`.execute(db);
  // The readers' order: the hub reads all tenants, streams and pages one tenant, an instance or an operation.
  await sql`create index events_position_idx on events (xact, id)`.execute(db);
  await sql`create index events_tenant_position_idx on events (tenant_id, xact, id)`.execute(db);
  await sql`create index events_instance_position_idx on events (instance_id, xact, id)`.execute(db);
  await sql`create index events_operation_position_idx on events (operation_id, xact, id)`.execute(db);
  // The new indexes lead with the same columns: they serve the foreign keys and the old reads too.
  await sql`drop index events_tenant_id_idx`.execute(db);
  await sql`drop index events_instance_id_idx`.execute(db);
  await sql`drop index events_operation_id_idx`.execute(db);
  await sql`alter table webhooks add column event_cursor_xact xid8 not null default '0'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table webhooks drop column event_cursor_xact`.execute(db);
  await sql`create index events_tenant_id_idx on events (tenant_id, id)`.execute(db);
  await sql`create index events_instance_id_idx on events (instance_id, id)`.execute(db);
  await sql`create index events_operation_id_idx on events (operation_id, id)`.execute(db);
  await sql`drop index events_position_idx`.execute(db);
  await sql`drop index events_tenant_position_idx`.execute(db);
  await sql`drop index events_instance_position_idx`.execute(db);
  await sql`drop index events_operation_position_idx`.execute(db);
  await sql`alter table events drop column xact`.execute(db);
}
