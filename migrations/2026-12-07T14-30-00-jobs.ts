import { type Kysely, sql } from 'kysely';

/**
 * Jobs (issue 35): one `jobs` row per command run to completion (what was
 * asked, where it stands, its exit code). `schedule_id` and `scheduled_at`
 * are there for the schedules that will own jobs (no foreign key until their
 * table exists).
 *
 * Log lines become one store for every operation that writes a log (builds,
 * jobs, release commands): `build_log_lines` is renamed `operation_log_lines`
 * and keyed by the operation instead of the build (a build has exactly one
 * operation, so its lines keep their numbers and cursors).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('instance_id', 'uuid', (c) => c.notNull().references('instances.id').onDelete('cascade'))
    .addColumn('operation_id', 'uuid', (c) => c.notNull().unique().references('operations.id').onDelete('cascade'))
    .addColumn('schedule_id', 'uuid')
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('command', 'jsonb', (c) => c.notNull())
    .addColumn('env', 'jsonb', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('exit_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index jobs_instance_idx on jobs (tenant_id, instance_id, created_at desc, id desc)`.execute(db);
  await sql`create index jobs_tenant_idx on jobs (tenant_id)`.execute(db);
  await sql`create index jobs_schedule_idx on jobs (schedule_id, created_at desc)`.execute(db);

  await sql`alter table build_log_lines rename to operation_log_lines`.execute(db);
  await sql`alter table operation_log_lines add column operation_id uuid`.execute(db);
  await sql`update operation_log_lines l set operation_id = b.operation_id from builds b where b.id = l.build_id`.execute(
    db,
  );
  await sql`alter table operation_log_lines drop constraint build_log_lines_pk`.execute(db);
  await sql`alter table operation_log_lines drop column build_id`.execute(db);
  await sql`alter table operation_log_lines alter column operation_id set not null`.execute(db);
  await sql`alter table operation_log_lines add constraint operation_log_lines_pk primary key (operation_id, seq)`.execute(
    db,
  );
  await sql`alter table operation_log_lines add constraint operation_log_lines_operation_fk
    foreign key (operation_id) references operations (id) on delete cascade`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table operation_log_lines add column build_id uuid`.execute(db);
  await sql`update operation_log_lines l set build_id = b.id from builds b where b.operation_id = l.operation_id`.execute(
    db,
  );
  await sql`delete from operation_log_lines where build_id is null`.execute(db);
  await sql`alter table operation_log_lines drop constraint operation_log_lines_pk`.execute(db);
  await sql`alter table operation_log_lines drop column operation_id`.execute(db);
  await sql`alter table operation_log_lines alter column build_id set not null`.execute(db);
  await sql`alter table operation_log_lines rename to build_log_lines`.execute(db);
  await sql`alter table build_log_lines add constraint build_log_lines_pk primary key (build_id, seq)`.execute(db);
  await sql`alter table build_log_lines add constraint build_log_lines_build_id_fkey
    foreign key (build_id) references builds (id) on delete cascade`.execute(db);
  await db.schema.dropTable('jobs').execute();
}
