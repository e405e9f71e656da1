import { type Kysely, sql } from 'kysely';

/**
 * Routes (a stable address for a routed service) and the lease that decides
 * which Wheelhouse process drives the edge of a provider. A host belongs to
 * one tenant: routes of one host may differ by path prefix, and
 * `routes_host_prefix_unique` keeps one (host, prefix) pair to one route; the
 * tenant check runs under a lock on the host (see route-repository.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('routes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('instance_id', 'uuid', (c) => c.notNull().references('instances.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('path_prefix', 'text', (c) => c.notNull())
    .addColumn('custom', 'boolean', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('tls_source', 'text')
    .addColumn('tls_secret_key', 'text')
    .addColumn('redirect_http', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tls_issuer', 'text')
    .addColumn('tls_not_after', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('message', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('routes_host_prefix_unique', ['host', 'path_prefix'])
    .execute();
  await db.schema
    .createIndex('routes_tenant_created_idx')
    .on('routes')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('routes_instance_idx').on('routes').column('instance_id').execute();
  await sql`create unique index routes_tenant_idempotency_unique on routes (tenant_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await db.schema
    .createTable('edge_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('edge_leases').execute();
  await db.schema.dropTable('routes').execute();
}
