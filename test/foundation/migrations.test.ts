import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../../src/db/connect.js';
import type { Database } from '../../src/db/database.js';
import { createMigrator, migrateDownAll, migrateToLatest } from '../../src/db/migrator.js';
import { usingPostgres } from '../support/database.js';

/**
 * Migrations run up, all the way down, and up again. On Postgres the shared
 * test database is in use by other files at the same time, so this file makes
 * its own throwaway database on the same server and drops it afterwards; on
 * PGlite a fresh in-memory instance is just as private.
 */

const TABLES = [
  'api_tokens',
  'audit_chain_heads',
  'audit_entries',
  'autoscale_recommendations',
  'autoscale_states',
  'build_archive_chunks',
  'build_archives',
  'builds',
  'edge_certificate_authority',
  'edge_issued_certificates',
  'edge_leases',
  'events',
  'instances',
  'jobs',
  'kept_volumes',
  'operation_log_lines',
  'operations',
  'release_objects',
  'releases',
  'routes',
  'schedules',
  'secrets',
  'sessions',
  'tenants',
  'trust_policies',
  'users',
  'volume_backups',
  'webhook_deliveries',
  'webhooks',
];

let handle: DatabaseHandle;
let dropDatabase: (() => Promise<void>) | undefined;

async function throwawayTarget(): Promise<DatabaseTarget> {
  if (!usingPostgres()) return { kind: 'pglite', dataDir: 'memory://' };
  const serverUrl = process.env.WHEELHOUSE_TEST_DATABASE_URL!;
  const name = `wh_migrate_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString(), poolSize: 2 };
}

async function publicTables(db: Kysely<any>): Promise<string[]> {
  const r = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db);
  return r.rows.map((row) => row.table_name);
}

/** Runs `fn` and returns the Postgres SQLSTATE it failed with (undefined when it succeeded). */
async function sqlState(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code ?? `no code: ${(err as Error).message}`;
  }
}

beforeAll(async () => {
  handle = await openDatabase(await throwawayTarget());
});

afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
});

describe('migrations', () => {
  it('are listed in name order (the order they run in)', () => {
    const names = Object.keys(migrations);
    expect(names.length).toBeGreaterThan(0);
    expect([...names].sort()).toEqual(names);
  });

  it('go up on an empty database', async () => {
    expect(await publicTables(handle.db)).toEqual([]);
    await migrateToLatest(handle.db);
    expect(await publicTables(handle.db)).toEqual(TABLES);
    const status = await createMigrator(handle.db).getMigrations();
    expect(status.every((m) => m.executedAt instanceof Date)).toBe(true);
    expect(status.map((m) => m.name)).toEqual(Object.keys(migrations));
  });

  it('are idempotent: going up again changes nothing', async () => {
    await migrateToLatest(handle.db);
    expect(await publicTables(handle.db)).toEqual(TABLES);
  });

  it('go all the way down, leaving no table behind', async () => {
    await migrateDownAll(handle.db);
    expect(await publicTables(handle.db)).toEqual([]);
    const status = await createMigrator(handle.db).getMigrations();
    expect(status.every((m) => m.executedAt === undefined)).toBe(true);
  });

  it('go up again after going down', async () => {
    await migrateToLatest(handle.db);
    expect(await publicTables(handle.db)).toEqual(TABLES);
  });

  describe('constraints', () => {
    const db = () => handle.db as Kysely<Database>;
    let tenantA: string;
    let tenantB: string;

    async function newInstance(tenantId: string, name: string, destroyedAt: Date | null = null): Promise<string> {
      const id = randomUUID();
      await db()
        .insertInto('instances')
        .values({
          id,
          tenant_id: tenantId,
          name,
          provider_key: 'fake',
          kind: 'deployment',
          desired_state: 'running',
          state: 'provisioning',
          endpoints: '[]',
          labels: '{}',
          services: '[]',
          service_status: '{}',
          destroyed_at: destroyedAt,
        })
        .execute();
      return id;
    }

    async function newOperation(tenantId: string, instanceId: string, idempotencyKey: string | null): Promise<void> {
      await db()
        .insertInto('operations')
        .values({
          id: randomUUID(),
          tenant_id: tenantId,
          instance_id: instanceId,
          kind: 'provision',
          status: 'queued',
          steps: '[]',
          params: '{}',
          idempotency_key: idempotencyKey,
        })
        .execute();
    }

    async function newRelease(tenantId: string, instanceId: string, version: number): Promise<void> {
      await db()
        .insertInto('releases')
        .values({ id: randomUUID(), tenant_id: tenantId, instance_id: instanceId, version, snapshots: '[]' })
        .execute();
    }

    beforeAll(async () => {
      tenantA = randomUUID();
      tenantB = randomUUID();
      await db()
        .insertInto('tenants')
        .values([
          { id: tenantA, name: `a-${tenantA.slice(0, 8)}` },
          { id: tenantB, name: `b-${tenantB.slice(0, 8)}` },
        ])
        .execute();
    });

    it('exist under their names', async () => {
      const indexes = await sql<{ indexname: string; indexdef: string }>`
        select indexname, indexdef from pg_indexes where schemaname = 'public'`.execute(db());
      const byName = new Map(indexes.rows.map((r) => [r.indexname, r.indexdef.toLowerCase()]));
      expect(byName.get('instances_tenant_name_live')).toMatch(
        /unique index .* on public\.instances .*\(tenant_id, name\) where \(destroyed_at is null\)/,
      );
      expect(byName.get('operations_idempotency')).toMatch(
        /unique index .* on public\.operations .*\(tenant_id, idempotency_key\) where \(idempotency_key is not null\)/,
      );
      expect(byName.get('releases_instance_version_unique')).toMatch(/unique index .*\(instance_id, version\)/);
      const tokenHash = [...byName.values()].some((d) =>
        /unique index .* on public\.api_tokens .*\(token_hash\)/.test(d),
      );
      expect(tokenHash).toBe(true);
    });

    it('keep an instance name unique per tenant among live instances', async () => {
      const name = `web-${randomUUID().slice(0, 8)}`;
      await newInstance(tenantA, name);
      expect(await sqlState(() => newInstance(tenantA, name))).toBe('23505');
      // another tenant may use the same name
      await newInstance(tenantB, name);
    });

    it('let a destroyed instance free its name', async () => {
      const name = `api-${randomUUID().slice(0, 8)}`;
      await newInstance(tenantA, name, new Date());
      await newInstance(tenantA, name, new Date());
      await newInstance(tenantA, name);
      expect(await sqlState(() => newInstance(tenantA, name))).toBe('23505');
    });

    it('keep an idempotency key unique per tenant', async () => {
      const instA = await newInstance(tenantA, `idem-${randomUUID().slice(0, 8)}`);
      const instB = await newInstance(tenantB, `idem-${randomUUID().slice(0, 8)}`);
      const key = `key-${randomUUID()}`;
      await newOperation(tenantA, instA, key);
      expect(await sqlState(() => newOperation(tenantA, instA, key))).toBe('23505');
      await newOperation(tenantB, instB, key);
      // operations without a key are unconstrained
      await newOperation(tenantA, instA, null);
      await newOperation(tenantA, instA, null);
    });

    it('keep a release version unique per instance', async () => {
      const inst1 = await newInstance(tenantA, `rel-${randomUUID().slice(0, 8)}`);
      const inst2 = await newInstance(tenantA, `rel-${randomUUID().slice(0, 8)}`);
      await newRelease(tenantA, inst1, 1);
      await newRelease(tenantA, inst1, 2);
      expect(await sqlState(() => newRelease(tenantA, inst1, 1))).toBe('23505');
      await newRelease(tenantA, inst2, 1);
    });

    it('refuse rows pointing at a missing tenant or instance', async () => {
      expect(await sqlState(() => newInstance(randomUUID(), 'orphan'))).toBe('23503');
      expect(await sqlState(() => newRelease(tenantA, randomUUID(), 1))).toBe('23503');
    });
  });
});
