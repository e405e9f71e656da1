import { type Kysely, sql } from 'kysely';

/**
 * The audit log (issue 37): one row per recorded act (a mutation, allowed or
 * refused; a change Wheelhouse made on its own), append-only and chained by
 * hash per tenant. `seq` numbers a tenant's entries 1, 2, 3… with no gap, so a
 * removed row leaves a hole `verifyAuditLog` can name; `hash` is
 * sha256(previous_hash + the entry's canonical JSON). The chain's head (its
 * last seq and hash) is one row per tenant: an append takes that row's lock,
 * so appends of one tenant queue and different tenants never wait for each other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_ids', sql`text[]`, (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error_type', 'text')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('previous_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_entries_pkey', ['tenant_id', 'seq'])
    .execute();
  // The filters a reader uses most, each walking the same newest-first order as the page.
  await sql`create index audit_entries_actor_idx on audit_entries (tenant_id, actor_id, seq)`.execute(db);
  await sql`create index audit_entries_action_idx on audit_entries (tenant_id, action, seq)`.execute(db);
  await db.schema
    .createTable('audit_chain_heads')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_chain_heads').execute();
  await db.schema.dropTable('audit_entries').execute();
}
