import type { ColumnType, Insertable, Selectable } from 'kysely';

/**
 * One audit entry (issue 37), append-only. `seq` is its place in the tenant's
 * chain (1, 2, 3…; pg reads a bigint as a string); `hash` is
 * sha256(previous_hash + the entry's canonical JSON).
 */
export interface AuditEntryTable {
  tenant_id: string;
  seq: ColumnType<string, string, never>;
  at: ColumnType<Date, Date, never>;
  actor_kind: string;
  actor_id: string;
  actor_name: string | null;
  action: string;
  target_ids: string[];
  outcome: string;
  error_type: string | null;
  ip: string | null;
  request_id: string | null;
  hash: string;
  previous_hash: string;
}

/** The head of a tenant's chain: its last entry's seq and hash; its row lock queues the tenant's appends. */
export interface AuditChainHeadTable {
  tenant_id: string;
  seq: ColumnType<string, string, string>;
  hash: string;
}

export type AuditEntryRow = Selectable<AuditEntryTable>;
export type NewAuditEntry = Insertable<AuditEntryTable>;
