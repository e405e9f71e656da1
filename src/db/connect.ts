import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseConnection, type Dialect, type Driver, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { PreparingClient } from './prepared-client.js';
import { typeParsers } from './timestamp-parser.js';

/** Where the data lives: a Postgres server, or an embedded PGlite directory (or `memory://`). */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; connectTimeoutMs?: number }
  | {
      kind: 'pglite';
      dataDir: string;
      /** A `dumpDataDir()` tarball to start from instead of an empty cluster (the tests' migrated template). */
      loadDataDir?: Blob;
    };

/**
 * The embedded PGlite sized for a control plane (docs/operations.md has the measurements): its
 * WASM heap grows to what Postgres touches and never shrinks, and Postgres's default of 128 MB of
 * shared buffers alone would fill it for a database of a few megabytes. The heap's initial size
 * stays at the 128 MiB the WASM module requires (it refuses less); its maximum is fixed at 2 GiB by
 * PGlite, so these settings are what bound it.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers = 16MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 16MB',
  'temp_buffers = 2MB',
] as const;

/** How long a request waits for a pooled connection to a server that does not answer. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** An open database: the Kysely handle plus what only the notifier needs. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  target: DatabaseTarget;
  /** The embedded engine when target is pglite (its LISTEN/NOTIFY is in-process). */
  pglite?: PGlite;
  /** The pg pool when target is postgres. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// pg returns bigint (int8) as string by default; ids of events stay strings, counts are parsed where used.

/** Called with every statement's SQL (tests count statements to prove there is no N+1). */
export type QueryObserver = (sql: string) => void;

/** Opens the database the configuration names. Does not migrate. */
export async function openDatabase(target: DatabaseTarget, observe?: QueryObserver): Promise<DatabaseHandle> {
  const log = observe
    ? (event: { level: string; query: { sql: string } }) => {
        if (event.level === 'query') observe(event.query.sql);
      }
    : undefined;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // A server that does not answer (stopped, partitioned) fails a request in seconds instead of hanging it.
      connectionTimeoutMillis: target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // The read path's statements are prepared once per connection (prepared-client.ts).
      Client: PreparingClient,
      types: typeParsers,
    });
    // A pool error on an idle client must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Nor may one on a checked-out client between statements (a transaction's, when the server
    // restarts): pg-pool listens only while a client is idle, and an 'error' event nobody listens
    // to is an uncaught exception. The statement that uses the dead client fails instead.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
    return { db, target, pool, close: () => db.destroy() };
  }
  if (!target.dataDir.startsWith('memory://')) await mkdir(target.dataDir, { recursive: true });
  // Loaded only for the embedded database: a server on Postgres never needs the WASM engine's module.
  const [{ PGlite }, { pgliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite-dialect.js'),
  ]);
  const pglite = await PGlite.create({
    ...(target.dataDir.startsWith('memory://') ? {} : { dataDir: target.dataDir }),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    postgresqlconf: [...PGLITE_SETTINGS],
  });
  const db = new Kysely<Database>({ dialect: serialised(pgliteDialect(pglite)), ...(log ? { log } : {}) });
  return { db, target, pglite, close: () => db.destroy() };
}

/**
 * PGlite is one Postgres session. kysely-pglite hands every caller the same
 * session as if it were its own connection, so two concurrent transactions
 * would interleave their statements. This wrapper lends the session to one
 * caller at a time, in order, exactly like a pool of size one.
 */
function serialised(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new SerialDriver(dialect.createDriver()),
  };
}

class SerialDriver implements Driver {
  #tail: Promise<void> = Promise.resolve();
  readonly #releases = new Map<DatabaseConnection, () => void>();
  constructor(private readonly inner: Driver) {}
  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const turn = new Promise<void>((r) => {
      release = r;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => turn);
    await previous;
    const conn = await this.inner.acquireConnection();
    // Each acquisition gets its own wrapper so releases map one to one.
    const wrapped: DatabaseConnection = {
      executeQuery: (q) => conn.executeQuery(q),
      streamQuery: (q, chunk) => conn.streamQuery(q, chunk),
    };
    this.#releases.set(wrapped, release);
    return wrapped;
  }
  beginTransaction(conn: DatabaseConnection, settings: Parameters<Driver['beginTransaction']>[1]): Promise<void> {
    return this.inner.beginTransaction(conn, settings);
  }
  commitTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(conn);
  }
  rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(conn);
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(conn);
    this.#releases.delete(conn);
    release?.();
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
