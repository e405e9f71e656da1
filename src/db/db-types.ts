import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';

/** The application's database handle (a pool, or PGlite in tests): what services are built with. */
export type DbHandle = Kysely<Database>;

/** An open transaction, as `withTransaction` hands it to its callback. */
export type DbTransaction = Transaction<Database>;

/** A database handle or an open transaction: every repository function takes either. */
export type Db = DbHandle | DbTransaction;

/**
 * Work the caller's context adds to every transaction it runs, at its end:
 * the audit log's entry for the request being served is written in the same
 * transaction as the change it records (control/audit.ts).
 */
export interface CommitHook {
  /** Runs inside the transaction after its work, before the commit. */
  beforeCommit(tx: DbTransaction): Promise<void>;
  /** The transaction committed. */
  committed(): void;
  /** The transaction rolled back (its work or beforeCommit threw). */
  rolledBack(): void;
}

const commitHooks = new AsyncLocalStorage<CommitHook>();

/** Runs `fn` with `hook` on every transaction it (and what it awaits) opens through withTransaction. */
export function withCommitHook<T>(hook: CommitHook, fn: () => T): T {
  return commitHooks.run(hook, fn);
}

/** The hook of the context this runs in, if any. */
export function currentCommitHook(): CommitHook | undefined {
  return commitHooks.getStore();
}

/**
 * Runs `work` in one transaction: committed when it resolves, rolled back when
 * it throws (the error is rethrown). Services use this instead of Kysely's
 * builder so they never hold a query API of their own.
 */
export async function withTransaction<T>(db: DbHandle, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  const hook = commitHooks.getStore();
  if (!hook) return db.transaction().execute(work);
  let result: T;
  try {
    result = await db.transaction().execute(async (tx) => {
      const r = await work(tx);
      await hook.beforeCommit(tx);
      return r;
    });
  } catch (err) {
    hook.rolledBack();
    throw err;
  }
  hook.committed();
  return result;
}

/** JSON text for a jsonb column. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
