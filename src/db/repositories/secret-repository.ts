import { sql } from 'kysely';
import type { EventRow, SecretRow } from '../database.js';
import type { Db } from '../db-types.js';
import { json } from '../db-types.js';
import { appendEvents } from './event-repository.js';

/** A secret row without its sealed value: what listings read. */
export type SecretMeta = Pick<SecretRow, 'id' | 'tenant_id' | 'key' | 'version' | 'created_at' | 'updated_at'>;

const META_COLUMNS = ['id', 'tenant_id', 'key', 'version', 'created_at', 'updated_at'] as const;

/**
 * Creates the tenant's secret `key` at version 1, or replaces its sealed value
 * and bumps its version; atomic under concurrent puts of the same key.
 */
export async function upsertSecret(
  db: Db,
  row: { id: string; tenant_id: string; key: string; ciphertext: string; iv: string; auth_tag: string },
): Promise<SecretMeta> {
  return db
    .insertInto('secrets')
    .values({ ...row, version: 1 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'key']).doUpdateSet((eb) => ({
        version: sql<number>`${sql.ref('secrets.version')} + 1`,
        ciphertext: eb.ref('excluded.ciphertext'),
        iv: eb.ref('excluded.iv'),
        auth_tag: eb.ref('excluded.auth_tag'),
        updated_at: sql<Date>`now()`,
      })),
    )
    .returning(META_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes the tenant's secret `key`; undefined when it does not exist. */
export async function deleteSecret(db: Db, tenantId: string, key: string): Promise<SecretMeta | undefined> {
  return db
    .deleteFrom('secrets')
    .where('tenant_id', '=', tenantId)
    .where('key', '=', key)
    .returning(META_COLUMNS)
    .executeTakeFirst();
}

/** Deletes every secret of the tenant whose key starts with `prefix`; returns how many. */
export async function deleteSecretsWithPrefix(db: Db, tenantId: string, prefix: string): Promise<number> {
  const rows = await db
    .deleteFrom('secrets')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`starts_with(${sql.ref('key')}, ${prefix})`)
    .returning('id')
    .execute();
  return rows.length;
}

/** The tenant's secrets named in `keys`, sealed values included (for decryption only). */
export async function findSecrets(db: Db, tenantId: string, keys: readonly string[]): Promise<SecretRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('secrets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('key', 'in', [...keys])
    .execute();
}

/** Which of `keys` the tenant has. */
export async function findExistingKeys(db: Db, tenantId: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('secrets')
    .select('key')
    .where('tenant_id', '=', tenantId)
    .where('key', 'in', [...keys])
    .execute();
  return rows.map((r) => r.key);
}

/**
 * A page of the tenant's secrets (no values), ordered by key, after a key
 * cursor; keys starting with `hidePrefix` are left out.
 */
export async function listSecrets(
  db: Db,
  tenantId: string,
  page: { limit: number; afterKey?: string; hidePrefix?: string },
): Promise<SecretMeta[]> {
  let q = db.selectFrom('secrets').select(META_COLUMNS).where('tenant_id', '=', tenantId);
  if (page.afterKey !== undefined) q = q.where('key', '>', page.afterKey);
  if (page.hidePrefix) q = q.where(sql<boolean>`not starts_with(${sql.ref('key')}, ${page.hidePrefix})`);
  return q.orderBy('key', 'asc').limit(page.limit).execute();
}

/**
 * Appends an audit event about a secret (its key and version, never its value)
 * through the event log's ordered append (ordering lock + NOTIFY). Call it last
 * in the write's transaction.
 */
export async function insertSecretEvent(
  db: Db,
  event: {
    tenantId: string;
    type: string;
    actorTokenId: string | null;
    data: { key: string; version: number };
    message: string;
  },
): Promise<EventRow> {
  const [row] = await appendEvents(db, [
    {
      tenant_id: event.tenantId,
      type: event.type,
      actor_token_id: event.actorTokenId,
      data: json(event.data),
      message: event.message,
    },
  ]);
  if (!row) throw new Error('event insert returned no row');
  return row;
}
