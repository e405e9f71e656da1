import { sql } from 'kysely';
import type { AuditEntryRow, NewAuditEntry } from '../audit-tables.js';
import type { Db, DbTransaction } from '../db-types.js';

/**
 * Takes the next place in a tenant's chain: the head row is created at
 * `genesis` or its seq moved on by one, and stays locked until the
 * transaction ends (so the tenant's next append waits; other tenants' do
 * not). Answers the new entry's seq and the hash it chains to.
 */
export async function advanceChainHead(
  tx: DbTransaction,
  tenantId: string,
  genesis: string,
): Promise<{ seq: string; previousHash: string }> {
  const row = await tx
    .insertInto('audit_chain_heads')
    .values({ tenant_id: tenantId, seq: '1', hash: genesis })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ seq: sql`audit_chain_heads.seq + 1` }))
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  return { seq: String(row.seq), previousHash: row.hash };
}

/** Inserts an entry and makes its hash the chain's head (the caller holds the head from advanceChainHead). */
export async function insertAuditEntry(tx: DbTransaction, row: NewAuditEntry): Promise<void> {
  await tx.insertInto('audit_entries').values(row).execute();
  await tx.updateTable('audit_chain_heads').set({ hash: row.hash }).where('tenant_id', '=', row.tenant_id).execute();
}

/** What a reader narrows the log to. */
export interface AuditListFilter {
  actorId?: string | null;
  action?: string | null;
  targetId?: string | null;
  since?: Date | null;
  until?: Date | null;
}

/** A page of a tenant's entries, newest first, below `beforeSeq` when given. */
export async function listAuditEntries(
  db: Db,
  tenantId: string,
  filter: AuditListFilter,
  page: { limit: number; beforeSeq?: string },
): Promise<AuditEntryRow[]> {
  let q = db.selectFrom('audit_entries').selectAll().where('tenant_id', '=', tenantId);
  if (filter.actorId) q = q.where('actor_id', '=', filter.actorId);
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.targetId) q = q.where(sql<boolean>`${filter.targetId} = any(target_ids)`);
  if (filter.since) q = q.where('at', '>=', filter.since);
  if (filter.until) q = q.where('at', '<', filter.until);
  if (page.beforeSeq !== undefined) q = q.where('seq', '<', page.beforeSeq);
  return q.orderBy('seq', 'desc').limit(page.limit).execute();
}

/** Entries of a tenant by seq. */
export async function findAuditEntries(db: Db, tenantId: string, seqs: readonly string[]): Promise<AuditEntryRow[]> {
  if (seqs.length === 0) return [];
  return db
    .selectFrom('audit_entries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('seq', 'in', seqs)
    .execute();
}

/** A stretch of a tenant's chain in order, after `afterSeq` (verification reads it in batches). */
export async function auditChainAfter(
  db: Db,
  tenantId: string,
  afterSeq: string,
  limit: number,
): Promise<AuditEntryRow[]> {
  return db
    .selectFrom('audit_entries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('seq', '>', afterSeq)
    .orderBy('seq', 'asc')
    .limit(limit)
    .execute();
}

/** The tenant's chain head (its last seq and hash), if it has one. */
export async function findChainHead(db: Db, tenantId: string): Promise<{ seq: string; hash: string } | undefined> {
  const row = await db
    .selectFrom('audit_chain_heads')
    .select(['seq', 'hash'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? { seq: String(row.seq), hash: row.hash } : undefined;
}
