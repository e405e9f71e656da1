import { type Kysely, sql } from 'kysely';

/**
 * Builds from source (issue 33): one `builds` row per BUILD operation (what
 * was asked, where it stands, what it made), its log lines (numbered per
 * build, so a reader resumes after a line's number with no gap and no
 * repeat), and uploaded archives, kept in the database in chunks so that any
 * replica can run a build whatever replica took the upload.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('build_archives')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('gzip', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index build_archives_tenant_idx on build_archives (tenant_id)`.execute(db);
  await db.schema
    .createTable('build_archive_chunks')
    .addColumn('archive_id', 'uuid', (c) => c.notNull().references('build_archives.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('build_archive_chunks_pk', ['archive_id', 'seq'])
    .execute();
  await db.schema
    .createTable('builds')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('instance_id', 'uuid', (c) => c.notNull().references('instances.id').onDelete('cascade'))
    .addColumn('operation_id', 'uuid', (c) => c.notNull().unique().references('operations.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('spec', 'jsonb', (c) => c.notNull())
    .addColumn('source', 'jsonb', (c) => c.notNull())
    .addColumn('archive_id', 'uuid', (c) => c.references('build_archives.id').onDelete('set null'))
    .addColumn('image', 'text')
    .addColumn('image_digest', 'text')
    .addColumn('steps', 'integer')
    .addColumn('cached_steps', 'integer')
    .addColumn('release_id', 'uuid', (c) => c.references('releases.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index builds_instance_idx on builds (tenant_id, instance_id, created_at desc, id desc)`.execute(db);
  await sql`create index builds_tenant_idx on builds (tenant_id)`.execute(db);
  await sql`create index builds_archive_idx on builds (archive_id)`.execute(db);
  await sql`create index builds_release_idx on builds (release_id)`.execute(db);
  await db.schema
    .createTable('build_log_lines')
    .addColumn('build_id', 'uuid', (c) => c.notNull().references('builds.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('step', 'integer')
    .addColumn('line', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('build_log_lines_pk', ['build_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('build_log_lines').execute();
  await db.schema.dropTable('builds').execute();
  await db.schema.dropTable('build_archive_chunks').execute();
  await db.schema.dropTable('build_archives').execute();
}
