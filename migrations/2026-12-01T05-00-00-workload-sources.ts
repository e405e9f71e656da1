import { type Kysely, sql } from 'kysely';

/**
 * Workload sources (manifests, Helm, Argo CD): which kind of source an
 * instance and each release carry, the release's rendered source (so a
 * rollback re-applies the same documents), and the inventory of objects each
 * release applied, from which a later deploy prunes what its set no longer has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('instances')
    .addColumn('source_type', 'text', (c) => c.notNull().defaultTo('services'))
    .execute();
  await db.schema
    .alterTable('releases')
    .addColumn('source_type', 'text', (c) => c.notNull().defaultTo('services'))
    .execute();
  await db.schema.alterTable('releases').addColumn('source', 'jsonb').execute();
  await db.schema
    .createTable('release_objects')
    .addColumn('release_id', 'uuid', (c) => c.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('api_version', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('namespace', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_objects_pk', ['release_id', 'seq'])
    .execute();
  await sql`create index release_objects_tenant_idx on release_objects (tenant_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('release_objects').execute();
  await db.schema.alterTable('releases').dropColumn('source').execute();
  await db.schema.alterTable('releases').dropColumn('source_type').execute();
  await db.schema.alterTable('instances').dropColumn('source_type').execute();
}
