import { type Kysely, sql } from 'kysely';

/**
 * Volume backups (issue 36): one row per encrypted archive of one volume of
 * an instance in the backup store (WHEELHOUSE_BACKUP_DIR). `operation_id` is
 * the BACKUP operation that made it; `archive_path` where its file is (only
 * once it SUCCEEDED: a failed backup leaves no file). `schedule_id` and
 * `expires_at` are for scheduled backups and their retention (no foreign key
 * until those land).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('volume_backups')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('instance_id', 'uuid', (c) => c.notNull().references('instances.id').onDelete('cascade'))
    .addColumn('operation_id', 'uuid', (c) => c.notNull().unique().references('operations.id').onDelete('cascade'))
    .addColumn('schedule_id', 'uuid')
    .addColumn('volume', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('consistency', 'text', (c) => c.notNull())
    .addColumn('hook', 'jsonb')
    .addColumn('size_bytes', 'bigint')
    .addColumn('sha256', 'text')
    .addColumn('archive_path', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await sql`create index volume_backups_instance_idx on volume_backups (tenant_id, instance_id, created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('volume_backups').execute();
}
