import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';

/** A database handle or an open transaction: every repository function takes either. */
export type Db = Kysely<Database> | Transaction<Database>;

/** JSON text for a jsonb column. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
