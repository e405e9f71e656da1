import { type Kysely, sql } from 'kysely';

/**
 * The edge's own certificate authority: one row per installation (`id` is
 * always `edge`), its certificate in clear (it is public: `Provider.edge.caCertificate`)
 * and its private key sealed with the vault's key (AES-256-GCM, as secrets are).
 * A table of its own, not a `secrets` row: the CA belongs to no tenant, and a
 * tenant's vault operations (listing, prefix deletes) must never reach it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('edge_certificate_authority')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('certificate_pem', 'text', (c) => c.notNull())
    .addColumn('key_ciphertext', 'text', (c) => c.notNull())
    .addColumn('key_iv', 'text', (c) => c.notNull())
    .addColumn('key_auth_tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('edge_certificate_authority').execute();
}
