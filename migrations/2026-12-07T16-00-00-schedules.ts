import { type Kysely, sql } from 'kysely';

/**
 * Schedules (issue 35): one row per cron schedule of an instance. The next
 * tick is the row's `next_run_at` (UTC, null while suspended): every replica's
 * ticker claims a due row under FOR UPDATE SKIP LOCKED and, in the same
 * transaction, records the tick's job and moves `next_run_at` on, so a tick
 * starts at most one job and a crash neither loses nor doubles one. Jobs now
 * point at their schedule (the schedule's deletion keeps its jobs' history).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('instance_id', 'uuid', (c) => c.notNull().references('instances.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('command', 'jsonb', (c) => c.notNull())
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('concurrency', 'text', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('starting_deadline_seconds', 'integer', (c) => c.notNull())
    .addColumn('history_limit', 'integer', (c) => c.notNull())
    .addColumn('suspended', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('schedules_instance_name_key', ['instance_id', 'name'])
    .execute();
  await sql`create index schedules_tenant_idx on schedules (tenant_id, created_at, id)`.execute(db);
  // The tickers' claim: the due, unsuspended rows, soonest first.
  await sql`create index schedules_due_idx on schedules (next_run_at) where next_run_at is not null`.execute(db);
  await sql`alter table jobs add constraint jobs_schedule_fk
    foreign key (schedule_id) references schedules (id) on delete set null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table jobs drop constraint jobs_schedule_fk`.execute(db);
  await db.schema.dropTable('schedules').execute();
}
