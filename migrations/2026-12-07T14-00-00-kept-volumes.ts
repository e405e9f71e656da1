import { type Kysely, sql } from 'kysely';

/**
 * Kept volumes (issue 39): a volume a deprovision kept (deleteVolumes not set)
 * is recorded, so that it can be listed, attached by id to a new instance or
 * deleted later, though the instance it came from is gone. One row per
 * provider volume; `attached_instance_id` is set while an instance mounts it
 * again (such a volume is not listed as kept, and cannot be attached twice).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kept_volumes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('provider_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('volume', 'text', (c) => c.notNull())
    .addColumn('service', 'text')
    .addColumn('instance_name', 'text', (c) => c.notNull())
    .addColumn('size_mb', 'integer')
    .addColumn('kept_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attached_instance_id', 'uuid', (c) => c.references('instances.id').onDelete('set null'))
    .execute();
  // A provider's volume names are unique on it: a re-kept volume updates its row.
  await sql`create unique index kept_volumes_provider_name_idx on kept_volumes (provider_key, name)`.execute(db);
  await sql`create index kept_volumes_tenant_idx on kept_volumes (tenant_id, kept_at desc, id desc)`.execute(db);
  await sql`create index kept_volumes_attached_idx on kept_volumes (attached_instance_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kept_volumes').execute();
}
