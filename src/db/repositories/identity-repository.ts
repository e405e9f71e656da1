import { sql } from 'kysely';
import type { Db } from '../db-types.js';
import type { NewSession, NewUser, SessionRow, UserRow } from '../identity-tables.js';
import { isUuid } from './token-repository.js';

/**
 * Creates the user (tenant, issuer, subject) or updates what the provider says of them now:
 * email, name and role are read again at every sign-in.
 */
export async function upsertUser(
  db: Db,
  user: Omit<NewUser, 'last_sign_in_at' | 'created_at'> & { email: string | null; name: string | null },
  at: Date,
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ ...user, last_sign_in_at: at })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'issuer', 'subject']).doUpdateSet({
        email: user.email,
        name: user.name,
        role: user.role,
        last_sign_in_at: at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUsersByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<UserRow[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', wanted).execute();
}

export async function insertSession(db: Db, row: NewSession): Promise<SessionRow> {
  return db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The live session with this hash (not ended, not expired) and its user, whatever its tenant. */
export async function findLiveSessionByHash(
  db: Db,
  hash: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('session_hash', '=', hash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!session) return undefined;
  const [user] = await findUsersByIds(db, session.tenant_id, [session.user_id]);
  return user ? { session, user } : undefined;
}

/** Whether the tenant's session `id` is still live. */
export async function isSessionLive(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return !!row;
}

/** Ends the live session with this hash; returns it, or undefined when there was none. */
export async function endSessionByHash(db: Db, hash: string, at: Date): Promise<SessionRow | undefined> {
  return db
    .updateTable('sessions')
    .set({ ended_at: at })
    .where('session_hash', '=', hash)
    .where('ended_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Drops sessions that ended or expired a day ago or more (they open nothing; kept a day for inspection). */
export async function deleteStaleSessions(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where(sql<boolean>`coalesce(ended_at, expires_at) < ${new Date(now.getTime() - 86_400_000)}`)
    .execute();
}
