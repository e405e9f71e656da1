import { createHash } from 'node:crypto';
import type { AuditEntryRow } from '../db/audit-tables.js';
import { type DbTransaction, json } from '../db/db-types.js';
import * as repo from '../db/repositories/audit-repository.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import { canonicalJson } from './canonical-json.js';
import { globalIdOf } from './global-id.js';

/** What kind of caller acted (the API's ActorKind). */
export type AuditActorKind = 'TOKEN' | 'USER' | 'TRUST_POLICY' | 'SYSTEM';

/** Who acted: a token (its global id and name), a person, a trust policy, or a part of Wheelhouse (`autoscaler`). */
export interface AuditActor {
  kind: AuditActorKind;
  id: string;
  name?: string | null;
}

/** What one entry records: never an argument's value, only who, what, on which objects and how it ended. */
export interface AuditRecord {
  actor: AuditActor;
  /** The mutation's name, or what the system did (`autoscaler.scale`, `supervisor.heal`, `schedule.tick`). */
  action: string;
  /** Global ids of the objects acted on. */
  targetIds: readonly string[];
  outcome: 'OK' | 'ERROR';
  /** The typed error's name (ForbiddenError, ValidationError…) when the outcome is ERROR. */
  errorType?: string | null;
  ip?: string | null;
  requestId?: string | null;
}

/** An entry as stored: its record, where it sits in its tenant's chain, and its hashes. */
export interface AuditEntry extends AuditRecord {
  /** Its local id, `<tenant>:<seq>` (auditEntryLocalId). */
  id: string;
  tenantId: string;
  /** Its place in the tenant's chain, 1, 2, 3… */
  seq: string;
  at: Date;
  hash: string;
  previousHash: string;
}

/** The previous hash of a tenant's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The event type an entry is exported as (webhooks that name it). */
export const AUDIT_EVENT_TYPE = 'audit.entry';

/** The local id of an entry (its global id is `AuditEntry:<tenant>:<seq>`): tenant and seq, the chain's key. */
export function auditEntryLocalId(tenantId: string, seq: string): string {
  return `${tenantId}:${seq}`;
}

/** The entry's own fields, as hashed: everything but the hashes. */
function hashedFields(e: Omit<AuditEntry, 'id' | 'hash' | 'previousHash'>): unknown {
  return {
    tenantId: e.tenantId,
    seq: e.seq,
    at: e.at,
    actor: { kind: e.actor.kind, id: e.actor.id, name: e.actor.name ?? null },
    action: e.action,
    targetIds: [...e.targetIds],
    outcome: e.outcome,
    errorType: e.errorType ?? null,
    ip: e.ip ?? null,
    requestId: e.requestId ?? null,
  };
}

/** sha256 over the previous entry's hash and this entry's canonical JSON. */
export function auditHash(previousHash: string, e: Omit<AuditEntry, 'id' | 'hash' | 'previousHash'>): string {
  return createHash('sha256')
    .update(previousHash)
    .update(canonicalJson(hashedFields(e)))
    .digest('hex');
}

export function toAuditEntry(r: AuditEntryRow): AuditEntry {
  return {
    id: auditEntryLocalId(r.tenant_id, String(r.seq)),
    tenantId: r.tenant_id,
    seq: String(r.seq),
    at: r.at,
    actor: { kind: r.actor_kind as AuditActorKind, id: r.actor_id, name: r.actor_name },
    action: r.action,
    targetIds: r.target_ids,
    outcome: r.outcome as AuditRecord['outcome'],
    errorType: r.error_type,
    ip: r.ip,
    requestId: r.request_id,
    hash: r.hash,
    previousHash: r.previous_hash,
  };
}

/**
 * Appends an entry to the tenant's chain inside `tx`, the transaction of the
 * change it records (a rollback takes it away with the change), and its
 * `audit.entry` event beside it for the webhooks that export the log. The
 * chain head's row lock orders the tenant's appends.
 */
export async function appendAuditEntry(tx: DbTransaction, tenantId: string, record: AuditRecord): Promise<AuditEntry> {
  const { seq, previousHash } = await repo.advanceChainHead(tx, tenantId, GENESIS_HASH);
  const fields = { ...record, targetIds: [...new Set(record.targetIds)], tenantId, seq, at: new Date() };
  const id = auditEntryLocalId(tenantId, seq);
  const entry: AuditEntry = { ...fields, id, hash: auditHash(previousHash, fields), previousHash };
  await repo.insertAuditEntry(tx, {
    tenant_id: tenantId,
    seq,
    at: entry.at,
    actor_kind: entry.actor.kind,
    actor_id: entry.actor.id,
    actor_name: entry.actor.name ?? null,
    action: entry.action,
    target_ids: [...entry.targetIds],
    outcome: entry.outcome,
    error_type: entry.errorType ?? null,
    ip: entry.ip ?? null,
    request_id: entry.requestId ?? null,
    hash: entry.hash,
    previous_hash: previousHash,
  });
  await appendEvents(tx, [
    {
      tenant_id: tenantId,
      instance_id: null,
      operation_id: null,
      type: AUDIT_EVENT_TYPE,
      from_state: null,
      to_state: null,
      ready: null,
      message: `${entry.action}: ${entry.outcome}${entry.errorType ? ` (${entry.errorType})` : ''}`,
      data: json({ ...entry, id: globalIdOf('AuditEntry', id), tenantId: undefined }),
      actor_token_id: null,
    },
  ]);
  return entry;
}

/** An entry for a change Wheelhouse made on its own (`part`: autoscaler, supervisor, scheduler), in its transaction. */
export function appendSystemAuditEntry(
  tx: DbTransaction,
  tenantId: string,
  part: string,
  record: Omit<AuditRecord, 'actor'>,
): Promise<AuditEntry> {
  return appendAuditEntry(tx, tenantId, { ...record, actor: { kind: 'SYSTEM', id: part, name: part } });
}
