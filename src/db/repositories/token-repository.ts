import { sql } from 'kysely';
import type { ApiTokenRow, NewApiToken } from '../database.js';
import type { Db } from '../db-types.js';
import { TOKEN_REVOKED_CHANNEL } from '../token-revocations.js';

/** Token ids are uuids; anything else matches no row (and never reaches a uuid column, where it would be an error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/**
 * Makes a token with this hash exist (the bootstrap token). A second call only adds the scopes it
 * lacks and never removes one: a scope added in a later version (LOGS) reaches an existing
 * bootstrap token, which is documented to hold every scope. With nothing to add it writes nothing.
 */
export async function ensureToken(db: Db, row: NewApiToken): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('token_hash')
        .doUpdateSet({
          scopes: sql<string[]>`api_tokens.scopes || array(
            select s from unnest(excluded.scopes) as s where s <> all(api_tokens.scopes))`,
        })
        .where(sql<boolean>`not (api_tokens.scopes @> excluded.scopes)`),
    )
    .execute();
}

export async function insertToken(db: Db, row: NewApiToken): Promise<ApiTokenRow> {
  return db.insertInto('api_tokens').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The live token with this hash (not revoked, not expired), whatever its tenant: this is how a request finds its tenant. */
export async function findLiveTokenByHash(db: Db, hash: string): Promise<ApiTokenRow | undefined> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirst();
}

export async function findTokensByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<ApiTokenRow[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  return db.selectFrom('api_tokens').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', wanted).execute();
}

/** The token `id` of any tenant (for SYSTEM, which acts across tenants), or undefined. */
export async function findTokenById(db: Db, id: string): Promise<ApiTokenRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of a tenant's tokens, newest first, after a (created_at, id) keyset cursor. */
export async function listTokens(
  db: Db,
  tenantId: string,
  page: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<ApiTokenRow[]> {
  let q = db.selectFrom('api_tokens').selectAll().where('tenant_id', '=', tenantId);
  const after = page.after;
  if (after) {
    // A row comparison, so Postgres starts the index scan at the cursor (an OR is only a filter: O(depth)).
    q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/**
 * Revokes the tenant's token `id` at `at`; revoking it again keeps the first
 * revocation time. Returns the row and whether this call revoked it, or
 * undefined when the tenant has no such token.
 */
export async function revokeToken(
  db: Db,
  tenantId: string,
  id: string,
  at: Date,
): Promise<{ row: ApiTokenRow; revokedNow: boolean } | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql<Date>`coalesce(${sql.ref('revoked_at')}, ${at})` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  return { row, revokedNow: row.revoked_at?.getTime() === at.getTime() };
}

/** Records use of these tokens at `at`, in one statement; a token touched in the last minute keeps its time. */
export async function touchTokens(db: Db, ids: readonly string[], at: Date): Promise<void> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return;
  const aMinuteAgo = new Date(at.getTime() - 60_000);
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: at })
    .where('id', 'in', wanted)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', aMinuteAgo)]))
    .execute();
}

/** Tells every replica listening on the database that `id` is revoked; delivered when the transaction commits. */
export async function announceRevocation(db: Db, id: string): Promise<void> {
  await sql`select pg_notify(${TOKEN_REVOKED_CHANNEL}, ${id})`.execute(db);
}

export async function countTokens(db: Db): Promise<number> {
  const r = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
