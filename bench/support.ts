/**
 * What every bench row shares: a Wheelhouse app over the bench database, a
 * tenant with a token, bulk seeding by SQL, autocannon in its own process,
 * and the result shape the table prints.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type App, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import type { Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { PreparingClient } from '../src/db/prepared-client.js';
import { typeParsers } from '../src/db/timestamp-parser.js';
import { createLogger } from '../src/logger.js';
import type { Registry } from '../src/providers/registry.js';
import { serviceSpec } from '../test/support/service-spec.js';

/** One row of the table: a figure, its baseline from the same run, and the goal it is held to. */
export interface BenchRow {
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
  goal: string;
  met: boolean | undefined;
  /** Lines printed under the table (plans, per-phase detail). */
  notes?: string[];
}

export const benchDatabaseUrl = (): string => {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('set BENCH_DATABASE_URL to a Postgres database the bench may fill (and clean up)');
  return url;
};

export const seconds = (): number => Number(process.env.BENCH_SECONDS ?? 8);

/** A database handle over its own pool whose every compiled statement (SQL and parameters) `observe` sees. */
export async function openBenchDatabase(
  observe?: (q: CompiledQuery) => void,
  poolSize = 10,
  url = benchDatabaseUrl(),
): Promise<DatabaseHandle> {
  // The client and type parsers of the app's own pool (src/db/connect.ts), so the bench reads rows as production does.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PreparingClient, types: typeParsers });
  pool.on('error', () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(observe
      ? {
          log: (e) => {
            if (e.level === 'query') observe(e.query);
          },
        }
      : {}),
  });
  await migrateToLatest(db);
  return { db, target: { kind: 'postgres', url }, pool, close: () => db.destroy() };
}

export interface BenchApp {
  app: App;
  url: string;
  tenantId: string;
  token: string;
  stop(): Promise<void>;
}

/** Wheelhouse on a free loopback port, with a fresh tenant and an all-scopes token. */
export async function startBenchApp(
  database: DatabaseHandle,
  /** `config` overrides settings (the scale-to-zero row runs the supervisor's autoscaler). */
  opts: { registry?: Registry; runWorker?: boolean; config?: Partial<Config> } = {},
): Promise<BenchApp> {
  const base = await loadConfig({ PORT: '0', HOST: '127.0.0.1', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-bench' });
  const config = {
    ...base,
    logLevel: 'silent',
    runWorker: opts.runWorker ?? false,
    runSupervisor: false,
    bootstrapToken: `whk_bench_${randomUUID()}`,
    ...opts.config,
  } as typeof base;
  const app = await buildApp({
    config,
    logger: createLogger('silent'),
    database,
    ...(opts.registry ? { registry: opts.registry } : {}),
    announce: () => {},
  });
  const { url } = await app.start();
  const tenant = await app.services.tenants.ensure(`bench-${randomUUID().slice(0, 8)}`);
  const token = `whk_bench_${randomUUID()}`;
  await app.services.tokens.ensureToken(tenant.id, 'bench', token);
  return {
    app,
    url,
    tenantId: tenant.id,
    token,
    async stop() {
      await app.stop();
    },
  };
}

const SERVICES = [
  serviceSpec({ name: 'web', image: 'team/web:1' }),
  serviceSpec({ name: 'side', image: 'team/side:1', role: 'sidecar', dependsOn: ['web'] }),
];
const STATUS = {
  web: { state: 'running', ready: true, restarts: 0 },
  side: { state: 'running', ready: true, restarts: 0 },
};
const SNAPSHOTS = SERVICES.map((s) => ({ name: s.name, image: s.image, env: {}, ports: [] }));

/**
 * Inserts `n` running web+sidecar instances, each with release v1 as its
 * current release, in three set-based statements (creation times one second
 * apart, newest first, like a long-lived fleet).
 */
export async function seedInstances(
  database: DatabaseHandle,
  tenantId: string,
  providerKey: string,
  n: number,
): Promise<void> {
  const pool = database.pool!;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into instances (id, tenant_id, name, provider_key, kind, desired_state, state, ready, labels, services,
         endpoints, service_status, generation, observed_generation, created_at, updated_at)
       select gen_random_uuid(), $1, 'bench-' || g, $2, 'deployment', 'running', 'running', true, '{}'::jsonb, $3::jsonb,
         '[]'::jsonb, $4::jsonb, 1, 1, now() - make_interval(secs => g), now()
       from generate_series(1, $5::int) g`,
      [tenantId, providerKey, JSON.stringify(SERVICES), JSON.stringify(STATUS), n],
    );
    await client.query(
      `insert into releases (id, tenant_id, instance_id, version, snapshots)
       select gen_random_uuid(), tenant_id, id, 1, $2::jsonb from instances where tenant_id = $1`,
      [tenantId, JSON.stringify(SNAPSHOTS)],
    );
    await client.query(
      `update instances i set current_release_id = r.id from releases r where r.instance_id = i.id and i.tenant_id = $1`,
      [tenantId],
    );
    await client.query('commit');
    await client.query('analyze instances; analyze releases');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

/** Removes a bench tenant and everything it owns (rows cascade). */
export async function dropTenant(database: DatabaseHandle, tenantId: string): Promise<void> {
  const pool = database.pool!;
  // Releases point back at instances and instances at releases: break the cycle first.
  await pool.query('update instances set current_release_id = null where tenant_id = $1', [tenantId]);
  await pool.query('delete from tenants where id = $1', [tenantId]);
}

/** Posts a GraphQL request and returns the parsed body (throws on errors). */
export async function gql<T = Record<string, unknown>>(
  url: string,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length || !body.data) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const run = promisify(execFile);

/**
 * Requests per second for one POST body, from autocannon in its own process
 * (so the load generator does not share this event loop with the server).
 */
export async function autocannon(
  url: string,
  body: string,
  headers: Record<string, string> = {},
  durationSeconds = seconds(),
): Promise<{ rps: number; non2xx: number; errors: number; p99: number }> {
  const args = ['-c', '50', '-d', String(durationSeconds), '-m', 'POST', '-j', '-H', 'content-type=application/json'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push('-b', body, url);
  const { stdout } = await run('node_modules/.bin/autocannon', args, { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    non2xx: number;
    errors: number;
    latency: { p99: number };
  };
  return { rps: r.requests.average, non2xx: r.non2xx, errors: r.errors, p99: r.latency.p99 };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const fmt = (x: number, digits = 1): string =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const ratio = (x: number): string => `${x.toFixed(2)}×`;
