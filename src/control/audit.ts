import { type DbHandle, withTransaction } from '../db/db-types.js';
import * as repo from '../db/repositories/audit-repository.js';
import {
  type AuditActor,
  type AuditEntry,
  appendAuditEntry,
  auditHash,
  GENESIS_HASH,
  toAuditEntry,
} from './audit-chain.js';
import { MutationAudit, type MutationAuditStart } from './audit-context.js';
import { type Page, pageOf, pageSize } from './cursor.js';
import { ValidationError } from './errors.js';
import { globalIdOf } from './global-id.js';
import type { Principal } from './scopes.js';

/** What `verifyAuditLog` answers: `firstInvalid` is the seq of the first entry altered or removed. */
export interface AuditVerification {
  valid: boolean;
  entries: number;
  firstInvalid: string | null;
}

/**
 * A principal's actor as the log names it: people and trust policies by
 * their global ids (User, TrustPolicy), as tokens are by theirs.
 */
export function loggedActor(actor: NonNullable<Principal['actor']>): AuditActor {
  const type = actor.kind === 'USER' ? 'User' : actor.kind === 'TRUST_POLICY' ? 'TrustPolicy' : undefined;
  return type ? { ...actor, id: globalIdOf(type, actor.id) } : actor;
}

/** Something that happened at the HTTP door rather than in a mutation: a sign-in, a sign-out, a token exchange. */
export interface DoorEvent {
  action: 'signIn' | 'signInRefused' | 'signOut' | 'tokenExchange';
  tenantId: string | null;
  actor: NonNullable<Principal['actor']> | null;
  ip: string | null;
  /** The role granted (sign-in), or the scopes of the exchanged token (for the server's own log; not chained). */
  detail?: string;
}

/** Entries read per statement while verifying. */
const VERIFY_BATCH = 1000;

/** Reads of the log: pages with filters, entries by id, and the chain's verification. */
export class AuditService {
  constructor(private readonly db: DbHandle) {}

  /** The audit entry of a mutation about to run (the API's field wrapper runs it inside). */
  forMutation(start: MutationAuditStart): MutationAudit {
    return new MutationAudit(this.db, start);
  }

  /**
   * Records a sign-in, sign-out or token exchange (`auth.signIn`,
   * `auth.signOut`, `auth.tokenExchange`), its target the person or the trust
   * policy. A refused sign-in names no tenant (the person is in no group that
   * grants one): it is logged by the server, not chained.
   */
  async recordDoorEvent(e: DoorEvent): Promise<void> {
    if (!e.tenantId || !e.actor || e.action === 'signInRefused') return;
    const actor = loggedActor(e.actor);
    const tenantId = e.tenantId;
    await withTransaction(this.db, (tx) =>
      appendAuditEntry(tx, tenantId, {
        actor,
        action: `auth.${e.action}`,
        targetIds: [actor.id],
        outcome: 'OK',
        ip: e.ip,
      }),
    );
  }

  /** A page of the tenant's entries, newest first; `after` is the cursor (the seq) of the last one seen. */
  async list(
    tenantId: string,
    filter: repo.AuditListFilter,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<AuditEntry>> {
    const limit = pageSize(first);
    if (after != null && !/^\d{1,18}$/.test(after))
      throw ValidationError.of(['after'], 'not a cursor this field returned');
    const rows = await repo.listAuditEntries(this.db, tenantId, filter, {
      limit: limit + 1,
      ...(after != null ? { beforeSeq: after } : {}),
    });
    return pageOf(rows.map(toAuditEntry), limit, (e) => e.seq, after != null);
  }

  /** The tenant's entries of these seqs (another tenant's are never found). */
  async bySeqs(tenantId: string, seqs: readonly string[]): Promise<AuditEntry[]> {
    const wanted = seqs.filter((s) => /^\d{1,18}$/.test(s));
    return (await repo.findAuditEntries(this.db, tenantId, wanted)).map(toAuditEntry);
  }

  /**
   * Walks the tenant's chain from its first entry: each seq must follow the
   * last (a gap is a removed entry, named by the seq missing), each entry
   * must chain to the previous hash and hash to what it stores (else it was
   * altered), and the chain must end where its head says (else its last
   * entries were removed).
   */
  async verify(tenantId: string): Promise<AuditVerification> {
    let expected = 1n;
    let previous = GENESIS_HASH;
    let entries = 0;
    const invalid = (seq: bigint) => ({ valid: false, entries, firstInvalid: String(seq) });
    for (;;) {
      const rows = await repo.auditChainAfter(this.db, tenantId, String(expected - 1n), VERIFY_BATCH);
      for (const row of rows) {
        const e = toAuditEntry(row);
        entries += 1;
        if (BigInt(e.seq) !== expected) return invalid(expected);
        if (e.previousHash !== previous || auditHash(previous, e) !== e.hash) return invalid(expected);
        previous = e.hash;
        expected += 1n;
      }
      if (rows.length < VERIFY_BATCH) break;
    }
    const head = await repo.findChainHead(this.db, tenantId);
    if (head && (BigInt(head.seq) >= expected || head.hash !== previous)) {
      return invalid(BigInt(head.seq) >= expected ? expected : expected - 1n);
    }
    return { valid: true, entries, firstInvalid: null };
  }
}
