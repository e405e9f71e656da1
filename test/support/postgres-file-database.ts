import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's prefix for the per-file Postgres databases (see postgres-file-database.ts). */
    postgresDatabasePrefix: string | undefined;
  }
}

const short = () => randomUUID().replace(/-/g, '').slice(0, 10);
const templateOf = (prefix: string) => `${prefix}template`;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Global setup: makes this run's migrated template database on the server of
 * `url` and returns the prefix every file's database is named under.
 */
export async function makeDatabaseTemplate(url: string, prefix = `wht_${short()}_`): Promise<string> {
  const template = templateOf(prefix);
  try {
    await admin(url, (c) => c.query(`create database "${template}"`));
  } catch (err) {
    // Both URLs of a pass on one server: the template is made once.
    if ((err as { code?: string }).code === '42P04') return prefix;
    throw err;
  }
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  return prefix;
}

/** Global teardown: drops this run's databases (the template and every file's), and only those. */
export async function dropDatabases(url: string, prefix: string): Promise<void> {
  await admin(url, async (c) => {
    const { rows } = await c.query<{ name: string }>(
      'select datname as name from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { name } of rows) await c.query(`drop database if exists "${name}" with (force)`);
  });
}

const made = new Map<string, Promise<string>>();

/**
 * `url` pointing at this test file's own database, copied from the run's
 * migrated template on first use (outside vitest's global setup: `url` as it
 * is). Files run in parallel on one Postgres server, and an app's executor
 * claims any queued operation whose provider key it has: on one shared
 * database a file's app would take another file's operations on the same key
 * (`seed`, `docker`) and run them on its own provider, which knows nothing of
 * them (or is a Docker Engine the test has stopped). A database per file keeps
 * the Postgres pass as isolated as the PGlite pass, on the real server.
 */
export function inFileDatabase(url: string): Promise<string> {
  const prefix = inject('postgresDatabasePrefix');
  if (!prefix) return Promise.resolve(url);
  let name = made.get(url);
  if (!name) {
    const wanted = `${prefix}${short()}`;
    name = admin(url, (c) => c.query(`create database "${wanted}" template "${templateOf(prefix)}"`)).then(() =>
      withDatabase(url, wanted),
    );
    made.set(url, name);
  }
  return name;
}
