import type { Db } from '../db-types.js';
import type { NewTrustPolicy, TrustPolicyRow } from '../identity-tables.js';
import { isUuid } from './token-repository.js';

export async function insertTrustPolicy(db: Db, row: NewTrustPolicy): Promise<TrustPolicyRow> {
  return db.insertInto('trust_policies').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The tenant's policies, newest first. */
export async function listTrustPolicies(db: Db, tenantId: string): Promise<TrustPolicyRow[]> {
  return db
    .selectFrom('trust_policies')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findTrustPoliciesByIds(
  db: Db,
  tenantId: string,
  ids: readonly string[],
): Promise<TrustPolicyRow[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  return db
    .selectFrom('trust_policies')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', wanted)
    .execute();
}

/** Deletes the tenant's policy `id`; whether there was one. */
export async function deleteTrustPolicy(db: Db, tenantId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const r = await db
    .deleteFrom('trust_policies')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Every tenant's policies for an issuer and audience: a CI token names no tenant, so the policy
 * it matches decides which tenant its Wheelhouse token belongs to.
 */
export async function findTrustPoliciesForIssuer(
  db: Db,
  issuer: string,
  audience: string[],
): Promise<TrustPolicyRow[]> {
  if (audience.length === 0) return [];
  return db
    .selectFrom('trust_policies')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('audience', 'in', audience)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function touchTrustPolicy(db: Db, tenantId: string, id: string, at: Date): Promise<void> {
  await db
    .updateTable('trust_policies')
    .set({ last_used_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
