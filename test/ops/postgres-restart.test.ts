import { randomUUID } from 'node:crypto';
import { print } from 'graphql';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeployInstanceDocument,
  OperationDocument,
  ProvisionInstanceDocument,
  ViewerDocument,
  WatchEventsDocument,
} from '../../src/client/index.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { Registry } from '../../src/providers/registry.js';
import { localIdOf, query, startTestApp, type TestApp, type TestTenant, wsClient } from '../support/app.js';
import { eventCursorSql } from '../support/database.js';
import { skipUnless } from '../support/env.js';
import { FakeProvider } from '../support/fake-provider.js';
import { sampleOf } from '../support/metrics-text.js';
import { type PostgresServer, postgresBinDir, startPostgresServer } from '../support/postgres-server.js';

const bin = postgresBinDir();
const skip = skipUnless('a Postgres server of its own (initdb, pg_ctl)', !!bin, 'set WHEELHOUSE_TEST_PG_BIN');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a request may wait for a connection to a database that does not answer (the pool's setting here). */
const CONNECT_TIMEOUT_MS = 2_000;
/** How long the database stays down. */
const OUTAGE_MS = 6_000;
/** The executor's lease (its default): long, so an operation re-run sooner was handed back, not left to expire. */
const LEASE_MS = 30_000;

interface Answer {
  status: number;
  retryAfter: string | null;
  ms: number;
  codes: string[];
  body: string;
}

async function ask(url: string, token: string, document: unknown, variables: unknown = {}): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ query: print(document as never), variables }),
  });
  const body = await res.text();
  const ms = performance.now() - started;
  const parsed = JSON.parse(body) as { errors?: { extensions?: { code?: string } }[] };
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    ms,
    codes: (parsed.errors ?? []).map((e) => e.extensions?.code ?? '?'),
    body,
  };
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(skip)('Postgres stopped and started again under load', () => {
  let pg: PostgresServer;
  let database: DatabaseHandle;
  let t: TestApp;
  let tenant: TestTenant;
  let base = '';
  /** Deploys take long enough that one is running when the database goes. */
  const fake = new FakeProvider({ latencyMs: { deploy: 1_500 } });
  const key = `pgfault-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    pg = await startPostgresServer(bin!);
    database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 5, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    await migrateToLatest(database.db);
    const registry = new Registry();
    registry.register(key, fake);
    t = await startTestApp({
      registry,
      database,
      executor: { leaseMs: LEASE_MS, pollMs: 200 },
      config: { runSupervisor: true, supervisorIntervalSeconds: 1, metricsPort: 0 },
    });
    tenant = await t.newTenant();
    base = t.url.replace(/\/graphql$/, '');
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await database?.close();
    await pg?.destroy();
  });

  async function provision(wait = true) {
    const r = await query(t.url, tenant.token, ProvisionInstanceDocument, {
      input: {
        name: `pg-${randomUUID().slice(0, 8)}`,
        provider: key,
        services: [{ name: 'web', image: 'a/b:1' }],
        wait,
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    return r.provisionInstance;
  }

  it('stays up, answers UNAVAILABLE quickly while the database is away, and recovers LISTEN, leases, the supervisor and every stream', async () => {
    const watched = await provision();
    const supervised = await provision();
    const supervisedId = localIdOf(supervised.instance.id);

    // A subscriber on the tenant's whole feed, connected through the outage.
    const received: string[] = [];
    const client = wsClient(t.wsUrl, tenant.token);
    let streamError: unknown;
    const unsubscribe = client.subscribe(
      { query: print(WatchEventsDocument), variables: { after: '0' } },
      {
        next: (r) => {
          const cursor = (r.data as { events?: { cursor: string } } | undefined)?.events?.cursor;
          if (cursor) received.push(cursor);
        },
        error: (e) => {
          streamError = e;
        },
        complete: () => {},
      },
    );

    // Readers all along: every answer is data, or UNAVAILABLE, and none hangs.
    const answers: Answer[] = [];
    let reading = true;
    const readers = (async () => {
      while (reading) {
        answers.push(await ask(t.url, tenant.token, ViewerDocument));
        await sleep(50);
      }
    })();

    try {
      // An operation in flight when the database goes.
      const deployed = await query(t.url, tenant.token, DeployInstanceDocument, {
        input: { instanceId: watched.instance.id, services: [{ name: 'web', image: 'a/b:2' }] },
      });
      if (deployed.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(deployed));
      const deployId = deployed.deployInstance.operation.id;
      await until(
        'the deploy to start',
        async () => fake.callsFor(localIdOf(watched.instance.id), 'deploy').length > 0,
        20_000,
      );
      const before = t.app.services.events.stats();
      expect(before.listening).toBe(true);
      const lastBefore = await until('the subscriber to be current', async () => received.at(-1), 20_000);

      await pg.stop();
      const stoppedAt = Date.now();

      // While it is away: not ready, still alive, requests refused with a typed error at once.
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const viewer = await ask(t.url, tenant.token, ViewerDocument);
      expect(viewer.codes).toEqual(['UNAVAILABLE']);
      expect(viewer.status).toBe(503);
      expect(viewer.retryAfter).toBe('1');
      expect(viewer.ms).toBeLessThan(CONNECT_TIMEOUT_MS * 2);
      expect(viewer.body).not.toMatch(/stack|\bat .*\.(ts|js):\d+/);
      const mutation = await ask(t.url, tenant.token, DeployInstanceDocument, {
        input: { instanceId: watched.instance.id, services: [{ name: 'web', image: 'a/b:3' }] },
      });
      expect(mutation.codes).toEqual(['UNAVAILABLE']);
      expect(mutation.ms).toBeLessThan(CONNECT_TIMEOUT_MS * 2);
      // Metrics are still served (on their own port here), and say the database is down.
      const scrape = await fetch(t.metricsUrl!);
      expect(scrape.status).toBe(200);
      expect(sampleOf(await scrape.text(), 'wheelhouse_database_up')).toBe(0);

      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
      expect(t.app.services.events.stats().listening).toBe(false);
      await pg.start();

      const restartedAt = performance.now();
      // Ready again by itself.
      await until('/readyz to answer 200', async () => (await fetch(`${base}/readyz`)).status === 200, 30_000);

      // The operation cut by the outage completes: re-run after its hand-back.
      const op = await until(
        'the deploy queued before the outage to succeed',
        async () => {
          const r = await query(t.url, tenant.token, OperationDocument, { id: deployId });
          return r.operation?.status === 'SUCCEEDED' || r.operation?.status === 'FAILED' ? r.operation : undefined;
        },
        LEASE_MS * 2 + 30_000,
      );
      expect(op.status, JSON.stringify(op.error)).toBe('SUCCEEDED');
      // Handed back once the database answered, not left until its lease lapsed.
      expect(performance.now() - restartedAt).toBeLessThan(LEASE_MS / 2);

      // LISTEN is back on a new connection, and a NOTIFY (not only the poll) delivers new events.
      const relistened = await until(
        'the event listener to listen again',
        async () => {
          const s = t.app.services.events.stats();
          return s.listening ? s : undefined;
        },
        30_000,
      );
      expect(relistened.listenerPid).not.toBe(before.listenerPid);
      expect(sampleOf(await (await fetch(t.metricsUrl!)).text(), 'wheelhouse_database_up')).toBe(1);
      const notificationsBefore = t.app.services.events.stats().notifications;
      const fresh = await provision();
      await until(
        "the new instance's events to reach the subscriber",
        async () => {
          const { rows } = await sql<{ id: string }>`
            select ${eventCursorSql} as id from events where instance_id = ${localIdOf(fresh.instance.id)}
            order by events.xact desc, events.id desc limit 1`.execute(database.db);
          return rows[0] && received.includes(rows[0].id);
        },
        30_000,
      );
      expect(t.app.services.events.stats().notifications).toBeGreaterThan(notificationsBefore);
      // The executor took that new operation: it runs again.
      expect(fresh.operation.status).toBe('SUCCEEDED');

      // The supervisor runs again: a workload that dies now is noticed and restarted.
      const restartsBefore = fake.callsFor(supervisedId, 'restart').length;
      await fake.stop({ signal: AbortSignal.timeout(5_000) }, supervisedId);
      await until(
        'the supervisor to restart the stopped workload',
        async () => fake.callsFor(supervisedId, 'restart').length > restartsBefore,
        30_000,
      );

      // The subscriber that stayed connected got every event of the tenant once, in order: no gap across the outage.
      // (The audit log's `audit.*` events are for the webhooks that name them, never in a feed.)
      const all = async () =>
        (
          await sql<{
            id: string;
          }>`select ${eventCursorSql} as id from events where tenant_id = ${tenant.tenantId}
             and type not like 'audit.%' order by events.xact, events.id`.execute(database.db)
        ).rows.map((r) => r.id);
      // (Compared with the log at one moment: the supervisor may append more while this runs.)
      const logged = await all();
      await until('the subscriber to catch up', async () => received.length >= logged.length, 30_000);
      expect(received.slice(0, logged.length)).toEqual(logged);
      expect(new Set(received).size).toBe(received.length);
      expect(streamError).toBeUndefined();

      // A stream opened from the cursor held before the outage replays exactly what followed it.
      const replay: string[] = [];
      const second = wsClient(t.wsUrl, tenant.token);
      const expected = (await all()).filter((id) => BigInt(id) > BigInt(lastBefore));
      const off = second.subscribe(
        { query: print(WatchEventsDocument), variables: { after: lastBefore } },
        {
          next: (r) => {
            const cursor = (r.data as { events?: { cursor: string } } | undefined)?.events?.cursor;
            if (cursor) replay.push(cursor);
          },
          error: () => {},
          complete: () => {},
        },
      );
      try {
        await until('the replay', async () => replay.length >= expected.length, 30_000);
        expect(replay.slice(0, expected.length)).toEqual(expected);
      } finally {
        off();
        await second.dispose();
      }
    } finally {
      reading = false;
      await readers;
      unsubscribe();
      await client.dispose();
    }

    // The server stayed up; every answer was data or UNAVAILABLE, and none waited past the connect timeout.
    expect(answers.length).toBeGreaterThan(10);
    // (A field that failed alone may bring a second UNAVAILABLE: every error must be that one.)
    const unavailable = (a: Answer) => a.codes.length > 0 && a.codes.every((c) => c === 'UNAVAILABLE');
    const unexpected = answers.filter((a) => !(a.codes.length === 0 && a.status === 200) && !unavailable(a));
    expect(unexpected.map((a) => `${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    expect(answers.some((a) => a.codes.includes('UNAVAILABLE'))).toBe(true);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(CONNECT_TIMEOUT_MS * 2);
  }, 240_000);
});
