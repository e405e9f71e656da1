import { type Kysely, sql } from 'kysely';

/**
 * People and CI trust (issue 37). A user is one (issuer, subject) of the
 * OpenID Connect provider, in one tenant; their role is read again at every
 * sign-in. A session stores only the sha256 of its cookie's opaque id and
 * lasts at most 12 hours. A trust policy lets a CI system trade its own OIDC
 * token for a short-lived API token. An API token issued on someone's behalf
 * (a CLI sign-in, a token exchange) names that actor, so what it does is
 * recorded as theirs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('users_tenant_issuer_subject_key', ['tenant_id', 'issuer', 'subject'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // sha256 of the cookie's opaque id; the id itself is never stored.
    .addColumn('session_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await sql`create index sessions_user_idx on sessions (user_id)`.execute(db);

  await db.schema
    .createTable('trust_policies')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('subject_pattern', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('token_ttl_seconds', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await sql`create index trust_policies_tenant_idx on trust_policies (tenant_id, created_at, id)`.execute(db);
  // The exchange looks policies up by issuer, across tenants (the JWT names no tenant).
  await sql`create index trust_policies_issuer_idx on trust_policies (issuer)`.execute(db);

  // {kind, id, name} of the person or trust policy a token was issued for; null for ordinary tokens.
  await sql`alter table api_tokens add column actor jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table api_tokens drop column actor`.execute(db);
  await db.schema.dropTable('trust_policies').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
