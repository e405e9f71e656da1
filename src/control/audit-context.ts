import {
  type CommitHook,
  currentCommitHook,
  type DbHandle,
  type DbTransaction,
  withCommitHook,
  withTransaction,
} from '../db/db-types.js';
import { type AuditActor, appendAuditEntry } from './audit-chain.js';
import { globalIdOf } from './global-id.js';

/** What the API layer knows of a mutation before it runs. */
export interface MutationAuditStart {
  tenantId: string;
  actor: AuditActor;
  /** The mutation's name. */
  action: string;
  /** The global ids among its arguments (never any other argument's value). */
  targetIds: readonly string[];
  ip: string | null;
  requestId: string | null;
}

/**
 * The audit entry of one mutation while it runs. It rides on the request's
 * async context as a commit hook (db/db-types.ts): the first transaction the
 * mutation commits writes the entry, inside itself, with outcome OK, so the
 * change and its record commit or roll back together. A mutation that
 * committed nothing (refused, failed, or one that writes without a
 * transaction of its own) gets its entry from `finish`, on its own.
 */
export class MutationAudit implements CommitHook {
  #state: 'pending' | 'writing' | 'written' | 'closed' = 'pending';
  readonly #targets: Set<string>;

  constructor(
    private readonly db: DbHandle,
    private readonly start: MutationAuditStart,
  ) {
    this.#targets = new Set(start.targetIds);
  }

  /** Runs the mutation with this entry on its transactions. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return withCommitHook(this, fn);
  }

  /** An object the mutation acted on that its arguments do not name (the instance a provision created). */
  note(targetId: string): void {
    if (this.#state === 'pending') this.#targets.add(targetId);
  }

  async beforeCommit(tx: DbTransaction): Promise<void> {
    // One entry per mutation: a second transaction of the same mutation (or one racing it) adds none.
    if (this.#state !== 'pending') return;
    this.#state = 'writing';
    await appendAuditEntry(tx, this.start.tenantId, this.#record('OK', null));
  }

  committed(): void {
    if (this.#state === 'writing') this.#state = 'written';
  }

  rolledBack(): void {
    if (this.#state === 'writing') this.#state = 'pending';
  }

  /**
   * The mutation ended (`errorType`: the typed error it answered or threw, or
   * null). Unless a committed transaction holds its entry, the entry is
   * written now. Work the mutation left running writes none after this.
   */
  async finish(errorType: string | null): Promise<void> {
    const written = this.#state === 'written';
    this.#state = 'closed';
    if (written) return;
    const record = this.#record(errorType ? 'ERROR' : 'OK', errorType);
    await withTransaction(this.db, (tx) => appendAuditEntry(tx, this.start.tenantId, record));
  }

  #record(outcome: 'OK' | 'ERROR', errorType: string | null) {
    const { actor, action, ip, requestId } = this.start;
    return { actor, action, targetIds: [...this.#targets], outcome, errorType, ip, requestId };
  }
}

/**
 * Names an object the running mutation acted on (type and database id), for
 * its audit entry; outside a mutation it does nothing. Called inside the
 * change's transaction, before it commits.
 */
export function noteAuditTarget(type: string, id: string): void {
  const hook = currentCommitHook();
  if (hook instanceof MutationAudit) hook.note(globalIdOf(type, id));
}
