import { type Kysely, sql } from 'kysely';

/**
 * The autoscaler's memory, kept in Postgres so a restart or another replica of
 * Wheelhouse does not forget it:
 * - `autoscale_states`: one row per autoscaled service: the claim that makes one
 *   replica decide per interval, and the last sample and decision (what
 *   `InstanceService.autoscale` reports).
 * - `autoscale_recommendations`: the stabilization windows' history, one row per
 *   decision (the replicas the metrics asked for then), pruned past the longest window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('autoscale_states')
    .addColumn('instance_id', 'uuid', (c) => c.notNull().references('instances.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('sampled_at', 'timestamptz')
    .addColumn('current_replicas', 'integer')
    .addColumn('desired_replicas', 'integer')
    .addColumn('cpu_percent', 'double precision')
    .addColumn('requests_per_second', 'double precision')
    .addColumn('requests_total', 'double precision')
    .addColumn('last_scale_at', 'timestamptz')
    .addColumn('last_event_at', 'timestamptz')
    .addColumn('message', 'text')
    .addPrimaryKeyConstraint('autoscale_states_pkey', ['instance_id', 'service'])
    .execute();
  await sql`create index autoscale_states_tenant_idx on autoscale_states (tenant_id)`.execute(db);
  await db.schema
    .createTable('autoscale_recommendations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('instance_id', 'uuid', (c) => c.notNull().references('instances.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('replicas', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index autoscale_recommendations_service_idx on autoscale_recommendations (instance_id, service, at)`.execute(
    db,
  );
  // The autoscaler finds autoscaled services every interval: only those instances are indexed.
  await sql`create index instances_autoscaled_idx on instances (id) where destroyed_at is null and services @? '$[*].resources.autoscale'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('instances_autoscaled_idx').execute();
  await db.schema.dropTable('autoscale_recommendations').execute();
  await db.schema.dropTable('autoscale_states').execute();
}
