import pg from 'pg';
import { preparedName } from './read-statements.js';

/** SQLSTATE feature_not_supported: how Postgres refuses to run a prepared statement whose row type changed. */
const FEATURE_NOT_SUPPORTED = '0A000';

function isStalePlan(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === FEATURE_NOT_SUPPORTED && /cached plan must not change result type/.test(e.message ?? '');
}

/** What pg keeps per connection about the statements it has prepared (not in its typings). */
interface ConnectionState {
  parsedStatements: Record<string, string>;
}

/**
 * The pool's client: the read path's kept statements (read-statements.ts)
 * run as named prepared statements, so Postgres parses and plans each once
 * per connection instead of on every request, and the request carries no SQL
 * text. Every other statement runs as before.
 *
 * A kept `select *` fails once a migration adds a column to its table while
 * this process runs (Postgres will not re-plan it to another row type); the
 * statement is then dropped on that connection and prepared again, so a
 * rolling upgrade costs one extra round trip, not an error.
 */
export class PreparingClient extends pg.Client {
  // pg's query has a dozen overloads; this passes every call it does not prepare through unchanged.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
      const name = preparedName(config);
      if (name) return this.#runPrepared(name, config, values);
    }
    return super.query(config, values, callback);
  }

  async #runPrepared(name: string, text: string, values: unknown[]): Promise<pg.QueryResult> {
    try {
      return await super.query({ name, text, values });
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      await super.query(`deallocate "${name}"`);
      delete (this as unknown as { connection: ConnectionState }).connection.parsedStatements[name];
      return super.query({ name, text, values });
    }
  }
}
