/**
 * A hub whose start() fails half way — the database is away while a replica
 * starts — must start for real on the next attempt. It used to count itself
 * started before its first statement, so the retry returned at once and the
 * hub never read, listened or polled: its streams waited forever for events
 * the table already held.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/control/scopes.js';
import { EventHub } from '../../src/control/streams/event-hub.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { appendEvents } from '../../src/db/repositories/event-repository.js';
import { skipUnless } from '../support/env.js';
import { type PostgresServer, postgresBinDir, startPostgresServer } from '../support/postgres-server.js';

const bin = postgresBinDir();
const skip = skipUnless('a Postgres server of its own (initdb, pg_ctl)', !!bin, 'set WHEELHOUSE_TEST_PG_BIN');

/** The pool's connect timeout here: a start against a stopped server fails within it. */
const CONNECT_TIMEOUT_MS = 2_000;
/** The hub's fallback poll: a hub that reads at all finds a row within it. */
const POLL_MS = 200;

describe.skipIf(skip)('EventHub.start() after a failed start', () => {
  let pg: PostgresServer;
  let database: DatabaseHandle;
  let hub: EventHub | undefined;
  const tenantId = randomUUID();

  beforeAll(async () => {
    pg = await startPostgresServer(bin!);
    database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 3, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    await migrateToLatest(database.db);
    await database.db
      .insertInto('tenants')
      .values({ id: tenantId, name: `hub-start-${tenantId.slice(0, 8)}` })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await hub?.stop();
    await database?.close();
    await pg?.destroy();
  });

  it('fails while the database is away, then starts fully and delivers once it is back', async () => {
    const isLive = async (_p: Principal) => true;
    hub = new EventHub({ database, isLive, pollMs: POLL_MS, livenessMs: 60_000 });
    await pg.stop();
    await expect(hub.start()).rejects.toThrow();
    expect(hub.stats().listening).toBe(false);

    await pg.start();
    await hub.start();
    // A hub that really started listens again (the retry used to return before any of it).
    const deadline = Date.now() + 10 * POLL_MS + CONNECT_TIMEOUT_MS;
    while (!hub.stats().listening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(hub.stats().listening).toBe(true);

    const stream = hub.stream({ tenantId }, undefined);
    const rows = await database.db
      .transaction()
      .execute((tx) => appendEvents(tx, [{ tenant_id: tenantId, type: 'test.event', message: 'after the outage' }]));
    const next = await Promise.race([
      stream.next(),
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10 * POLL_MS + CONNECT_TIMEOUT_MS)),
    ]);
    expect(next).not.toBe('timeout');
    expect(next === 'timeout' ? undefined : next.value?.id).toBe(String(rows[0]!.id));
    // And the fallback poll runs (the timers were never set up by the cut-short start).
    const polls = hub.stats().polls;
    await new Promise((r) => setTimeout(r, 3 * POLL_MS));
    expect(hub.stats().polls).toBeGreaterThan(polls);
    stream.close();
  }, 60_000);
});
