import { type Kysely, sql } from 'kysely';

/**
 * Outbound webhooks. A webhook reads its tenant's event log like a subscriber:
 * `event_cursor` is the last event id its dispatcher turned into deliveries,
 * advanced in the same transaction that inserts them, so an event committed
 * just before a crash is still delivered. Deliveries are claimed like
 * operations (a lease; FOR UPDATE SKIP LOCKED).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // Exact types, or prefixes written "x.*"; empty selects every event.
    .addColumn('event_types', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    // The signing secret, AES-256-GCM with the vault key (base64 parts); never the clear value.
    .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
    .addColumn('secret_iv', 'text', (c) => c.notNull())
    .addColumn('secret_auth_tag', 'text', (c) => c.notNull())
    // After a rotation the previous secret keeps signing beside the new one until it expires.
    .addColumn('previous_secret_ciphertext', 'text')
    .addColumn('previous_secret_iv', 'text')
    .addColumn('previous_secret_auth_tag', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .addColumn('secret_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('event_cursor', 'bigint', (c) => c.notNull().defaultTo(0))
    // The first failed attempt since the last success; a webhook failing too long is disabled.
    .addColumn('failing_since', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhooks_tenant_idx').on('webhooks').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // Creation order: the order first attempts are made in, and the log's keyset.
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('webhook_id', 'uuid', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    // Null for a test delivery, or once the event is gone (its instance deleted).
    .addColumn('event_id', 'bigint', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    // The exact body every attempt sends, so a retry or redelivery is byte for byte the same message.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('event_occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Attempts since the delivery was (re)queued: the retry schedule's position.
    .addColumn('round_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addUniqueConstraint('webhook_deliveries_event_unique', ['webhook_id', 'event_id'])
    .execute();
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at, seq) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('webhook_deliveries_webhook_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'seq'])
    .execute();
  await sql`create index webhook_deliveries_event_idx on webhook_deliveries (event_id) where event_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
