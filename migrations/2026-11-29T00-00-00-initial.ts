import { type Kysely, sql } from 'kysely';

/**
 * The whole domain of DESIGN.md §2. Frozen in time: never import app code here.
 * Ids are uuids made by the application; events carry a bigserial id, which is
 * the subscription cursor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // sha256 of the secret; the secret itself is shown once and never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('api_tokens_tenant_idx')
    .on('api_tokens')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('instances')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider_key', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('desired_state', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('ready', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('restarts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('started_at', 'timestamptz')
    .addColumn('endpoints', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('labels', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // The desired spec of every service (no secret values, no config file contents).
    .addColumn('services', 'jsonb', (c) => c.notNull())
    // Last observed per-service status, keyed by service name.
    .addColumn('service_status', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('readiness_policy', 'jsonb')
    .addColumn('current_release_id', 'uuid')
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('observed_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('observed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('destroyed_at', 'timestamptz')
    .execute();
  // A name is unique among a tenant's live instances; a destroyed one frees it.
  await sql`create unique index instances_tenant_name_live on instances (tenant_id, name) where destroyed_at is null`.execute(
    db,
  );
  // Keyset pagination: newest first, id breaks ties.
  await db.schema
    .createIndex('instances_tenant_page_idx')
    .on('instances')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('instances_desired_idx').on('instances').columns(['desired_state', 'state']).execute();

  await db.schema
    .createTable('operations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // Total order of operations; per instance they run strictly in this order.
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('instance_id', 'uuid', (c) => c.notNull().references('instances.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('readiness_outcome', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // What the executor needs to run it (validated input, resolved release); never secret values.
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('release_id', 'uuid')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('requested_by', 'uuid')
    .addColumn('cancel_requested', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create unique index operations_idempotency on operations (tenant_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await db.schema.createIndex('operations_instance_seq_idx').on('operations').columns(['instance_id', 'seq']).execute();
  await sql`create index operations_open_idx on operations (seq) where status in ('queued', 'running')`.execute(db);

  await db.schema
    .createTable('releases')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('instance_id', 'uuid', (c) => c.notNull().references('instances.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('snapshots', 'jsonb', (c) => c.notNull())
    .addColumn('strategy', 'text')
    .addColumn('rolled_back_from_id', 'uuid', (c) => c.references('releases.id'))
    .addColumn('operation_id', 'uuid', (c) => c.references('operations.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('releases_instance_version_unique', ['instance_id', 'version'])
    .execute();
  await db.schema
    .alterTable('instances')
    .addForeignKeyConstraint('instances_current_release_fk', ['current_release_id'], 'releases', ['id'])
    .execute();
  await db.schema
    .alterTable('operations')
    .addForeignKeyConstraint('operations_release_fk', ['release_id'], 'releases', ['id'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('instance_id', 'uuid', (c) => c.references('instances.id').onDelete('cascade'))
    .addColumn('operation_id', 'uuid', (c) => c.references('operations.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text')
    .addColumn('ready', 'boolean')
    .addColumn('message', 'text')
    .addColumn('data', 'jsonb')
    // Who caused it: the audit trail. Null for the supervisor's own observations.
    .addColumn('actor_token_id', 'uuid')
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('events_tenant_id_idx').on('events').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('events_instance_id_idx').on('events').columns(['instance_id', 'id']).execute();
  await db.schema.createIndex('events_operation_id_idx').on('events').columns(['operation_id', 'id']).execute();

  await db.schema
    .createTable('secrets')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // AES-256-GCM: iv, auth tag and ciphertext, base64; never the clear value.
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('auth_tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('secrets_tenant_key_unique', ['tenant_id', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('secrets').execute();
  await db.schema.dropTable('events').execute();
  await db.schema.alterTable('operations').dropConstraint('operations_release_fk').execute();
  await db.schema.alterTable('instances').dropConstraint('instances_current_release_fk').execute();
  await db.schema.dropTable('releases').execute();
  await db.schema.dropTable('operations').execute();
  await db.schema.dropTable('instances').execute();
  await db.schema.dropTable('api_tokens').execute();
  await db.schema.dropTable('tenants').execute();
}
