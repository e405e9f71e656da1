import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';

/** The application's database handle (a pool, or PGlite in tests): what services are built with. */
export type DbHandle = Kysely<Database>;

/** An open transaction, as `withTransaction` hands it to its callback. */
export type DbTransaction = Transaction<Database>;

/** A database handle or an open transaction: every repository function takes either. */
export type Db = DbHandle | DbTransaction;

/**
 * Runs `work` in one transaction: committed when it resolves, rolled back when
 * it throws (the error is rethrown). Services use this instead of Kysely's
 * builder so they never hold a query API of their own.
 */
export function withTransaction<T>(db: DbHandle, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** JSON text for a jsonb column. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
