import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../src/control/model.js';
import type { Principal } from '../../src/control/scopes.js';
import { DropOldestBuffer } from '../../src/control/streams/drop-oldest-buffer.js';
import { EventHub } from '../../src/control/streams/event-hub.js';
import type { EventStream } from '../../src/control/streams/event-stream.js';
import { Feed } from '../../src/control/streams/feed.js';
import { SubscriptionLimitError, TokenRevokedError } from '../../src/control/streams/stream-errors.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { appendEvents, eventPosition } from '../../src/db/repositories/event-repository.js';
import { itOnPostgres, openPostgresDatabase, openTestDatabase } from '../support/database.js';

import { eventually } from './stream-support.js';

describe('DropOldestBuffer', () => {
  it('keeps the newest items, drops the oldest and reports how many before the next one', () => {
    const b = new DropOldestBuffer<number>(3);
    for (let i = 1; i <= 7; i++) b.push(i);
    expect(b.size).toBe(3);
    expect(b.shift()).toEqual({ item: 5, dropped: 4 });
    expect(b.shift()).toEqual({ item: 6, dropped: 0 });
    b.push(8);
    b.push(9);
    b.push(10);
    expect(b.shift()).toEqual({ item: 8, dropped: 1 });
    expect(b.shift()).toEqual({ item: 9, dropped: 0 });
    expect(b.shift()).toEqual({ item: 10, dropped: 0 });
    expect(b.shift()).toBeUndefined();
  });

  it('never holds more than its capacity, and delivered + dropped equals pushed', () => {
    const b = new DropOldestBuffer<number>(10);
    let delivered = 0;
    let dropped = 0;
    let pushed = 0;
    for (let round = 0; round < 200; round++) {
      const burst = (round * 7) % 23;
      for (let i = 0; i < burst; i++) {
        b.push(pushed++);
        expect(b.size).toBeLessThanOrEqual(10);
      }
      for (let i = 0; i < round % 5; i++) {
        const d = b.shift();
        if (!d) break;
        delivered++;
        dropped += d.dropped;
      }
    }
    for (let d = b.shift(); d; d = b.shift()) {
      delivered++;
      dropped += d.dropped;
    }
    expect(delivered + dropped).toBe(pushed);
  });
});

describe('Feed', () => {
  it('ends a waiting reader at once on return() and tells the producer to stop', async () => {
    let producerStopped = false;
    const feed = new Feed<number>(
      async (sink) => {
        await new Promise<void>((resolve) => sink.signal.addEventListener('abort', () => resolve()));
        producerStopped = true;
      },
      { capacity: 4 },
    );
    const pending = feed.next();
    await feed.return();
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
    await eventually(() => producerStopped, 1000, 'the producer to see the abort');
  });

  it('slows a pushing producer instead of dropping, and completes after the last item', async () => {
    const feed = new Feed<number>(
      async (sink) => {
        for (let i = 0; i < 50; i++) await sink.push(i);
      },
      { capacity: 2 },
    );
    const got: number[] = [];
    for await (const d of feed) {
      expect(d.dropped).toBe(0);
      got.push(d.item);
    }
    expect(got).toEqual([...Array(50).keys()]);
  });
});

describe('EventHub', () => {
  let database: DatabaseHandle;
  /** Each written event's cursor, by id. */
  const cursors = new Map<string, string>();
  let tenantId: string;
  let otherTenant: string;
  const live = new Set<string>();
  const isLive = async (p: Principal) => live.has(p.tokenId);
  const hubs: EventHub[] = [];

  async function newHub(options: Partial<ConstructorParameters<typeof EventHub>[0]> = {}) {
    const hub = new EventHub({ database, isLive, pollMs: 200, livenessMs: 100, ...options });
    await hub.start();
    hubs.push(hub);
    return hub;
  }

  async function write(n: number, tenant = tenantId, type = 'test.event'): Promise<string[]> {
    const rows = await database.db.transaction().execute((tx) =>
      appendEvents(
        tx,
        Array.from({ length: n }, (_, i) => ({ tenant_id: tenant, type, message: `m${i}` })),
      ),
    );
    for (const r of rows) cursors.set(String(r.id), String(eventPosition(r)));
    return rows.map((r) => String(r.id));
  }

  async function take(stream: EventStream, n: number, timeoutMs = 10_000): Promise<Event[]> {
    const out: Event[] = [];
    const deadline = Date.now() + timeoutMs;
    while (out.length < n) {
      const r = await Promise.race([
        stream.next(),
        new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), Math.max(1, deadline - Date.now()))),
      ]);
      if (r === 'timeout') throw new Error(`timed out after ${out.length}/${n} events`);
      if (r.done) break;
      out.push(r.value);
    }
    return out;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    tenantId = randomUUID();
    otherTenant = randomUUID();
    await database.db
      .insertInto('tenants')
      .values([
        { id: tenantId, name: `hub-${tenantId.slice(0, 8)}` },
        { id: otherTenant, name: `hub-${otherTenant.slice(0, 8)}` },
      ])
      .execute();
  });
  afterAll(async () => {
    for (const h of hubs) await h.stop();
    await database?.close();
  });

  it('replays after a cursor, then goes live, in id order with no gap and no repeat', async () => {
    const hub = await newHub();
    const before = await write(5);
    const cursor = cursors.get(before[1]!);
    const stream = hub.stream({ tenantId }, cursor);
    const writing = (async () => {
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push(...(await write(3)));
      return ids;
    })();
    const got = await take(stream, 3 + 30);
    const after = await writing;
    expect(got.map((e) => e.id)).toEqual([...before.slice(2), ...after]);
    stream.close();
  });

  it('keeps tenants apart and applies the selector', async () => {
    const hub = await newHub();
    const mine = hub.stream({ tenantId, types: ['wanted'] }, undefined);
    await write(3, otherTenant, 'wanted');
    await write(2, tenantId, 'unwanted');
    const wanted = await write(2, tenantId, 'wanted');
    const got = await take(mine, 2);
    expect(got.map((e) => e.id)).toEqual(wanted);
    expect(got.every((e) => e.tenantId === tenantId && e.type === 'wanted')).toBe(true);
    mine.close();
  });

  it('a stream that opens while an idle hub is reading does not lose the events committed meanwhile', async () => {
    const hub = await newHub({ pollMs: 60_000 });
    let stream: EventStream | undefined;
    let poked: Promise<void> | undefined;
    const ids = await database.db.transaction().execute(async (tx) => {
      const rows = await appendEvents(tx, [
        { tenant_id: tenantId, type: 'race' },
        { tenant_id: tenantId, type: 'race' },
      ]);
      // The idle hub starts reading (on PGlite its statement waits for this transaction to commit)...
      poked = hub.poke();
      // ...and a stream opens before that read returns.
      stream = hub.stream({ tenantId, types: ['race'] }, undefined);
      return rows.map((r) => String(r.id));
    });
    await poked;
    expect((await take(stream!, 2, 5000)).map((e) => e.id)).toEqual(ids);
    stream!.close();
  });

  it('a subscriber that falls behind its queue catches up from the table without losing or repeating', async () => {
    const hub = await newHub({ queueLimit: 4 });
    const stream = hub.stream({ tenantId }, undefined);
    const first = await write(1);
    expect((await take(stream, 1)).map((e) => e.id)).toEqual(first);
    const overflowsBefore = hub.stats().overflows;
    // Not reading while 50 events arrive: the queue overflows.
    const burst: string[] = [];
    for (let i = 0; i < 10; i++) burst.push(...(await write(5)));
    // At or past it: on a shared Postgres other files' events move the head too.
    await eventually(() => BigInt(hub.stats().head) >= BigInt(burst.at(-1)!), 5000, 'the hub to publish the burst');
    expect(hub.stats().overflows).toBeGreaterThan(overflowsBefore);
    const got = await take(stream, 50);
    expect(got.map((e) => e.id)).toEqual(burst);
    stream.close();
  });

  it('finds rows whose notification was lost, by polling', async () => {
    // On its own in-memory PGlite: on a shared Postgres another file's NOTIFY would wake the hub and find
    // the row too, and the test could not tell who found it. Here nothing else writes or notifies.
    const own = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    const hub = new EventHub({ database: own, isLive, pollMs: 150, livenessMs: 100 });
    try {
      await migrateToLatest(own.db);
      await own.db.insertInto('tenants').values({ id: tenantId, name: 'hub-poll' }).execute();
      await hub.start();
      const stream = hub.stream({ tenantId }, undefined);
      const before = hub.stats();
      // Inserted without the NOTIFY appendEvents sends.
      const rows = await own.db
        .insertInto('events')
        .values([{ tenant_id: tenantId, type: 'silent' }])
        .returning('id')
        .execute();
      const got = await take(stream, 1);
      expect(got[0]?.id).toBe(String(rows[0]!.id));
      const after = hub.stats();
      // The poll did the finding: no notification came, and at least one poll ran.
      expect(after.notifications).toBe(before.notifications);
      expect(after.polls).toBeGreaterThan(before.polls);
      stream.close();
    } finally {
      await hub.stop();
      await own.close();
    }
  });

  it('learns of new events by NOTIFY, without waiting for a poll', async () => {
    const pollMs = 600_000;
    const hub = await newHub({ pollMs });
    expect(hub.stats().listening).toBe(true);
    const stream = hub.stream({ tenantId }, undefined);
    const ids = await write(2);
    // Waiting far less than one poll interval, and no poll ran: the notification brought them.
    expect((await take(stream, 2, pollMs / 60)).map((e) => e.id)).toEqual(ids);
    expect(hub.stats().polls).toBe(0);
    expect(hub.stats().notifications).toBeGreaterThan(0);
    stream.close();
  });

  // PGlite has no server connection to lose: this runs against the Postgres server in both passes.
  itOnPostgres('re-listens after losing its Postgres connection, and loses nothing meanwhile', async () => {
    const server = await openPostgresDatabase();
    const hub = new EventHub({ database: server, isLive, pollMs: 60_000, livenessMs: 100 });
    try {
      const tenant = randomUUID();
      await server.db
        .insertInto('tenants')
        .values({ id: tenant, name: `hub-${tenant.slice(0, 8)}` })
        .execute();
      await hub.start();
      const stream = hub.stream({ tenantId: tenant }, undefined);
      const pid = hub.stats().listenerPid;
      expect(pid).toBeTypeOf('number');
      const writeHere = async (n: number) =>
        (
          await server.db.transaction().execute((tx) =>
            appendEvents(
              tx,
              Array.from({ length: n }, () => ({ tenant_id: tenant, type: 'test.event' })),
            ),
          )
        ).map((r) => String(r.id));
      await sql`select pg_terminate_backend(${pid})`.execute(server.db);
      // Written while nobody listens.
      const missed = await writeHere(2);
      await eventually(
        () => hub.stats().listening && hub.stats().listenerPid !== pid,
        10_000,
        'the listener to return',
      );
      const later = await writeHere(1);
      expect((await take(stream, 3, 5000)).map((e) => e.id)).toEqual([...missed, ...later]);
      stream.close();
    } finally {
      await hub.stop();
      await server.close();
    }
  });

  it('two hubs on one database each deliver every event (replicas)', async () => {
    const a = await newHub();
    const b = await newHub();
    const sa = a.stream({ tenantId }, undefined);
    const sb = b.stream({ tenantId }, undefined);
    const ids = await write(4);
    expect((await take(sa, 4)).map((e) => e.id)).toEqual(ids);
    expect((await take(sb, 4)).map((e) => e.id)).toEqual(ids);
    sa.close();
    sb.close();
  });

  it('limits open streams per token and ends them when the token is revoked', async () => {
    const hub = await newHub({ perToken: 3 });
    const principal: Principal = { tenantId, tokenId: randomUUID(), scopes: new Set(['read']) };
    live.add(principal.tokenId);
    const leases = [hub.lease(principal), hub.lease(principal), hub.lease(principal)];
    expect(() => hub.lease(principal)).toThrow(SubscriptionLimitError);
    leases[0]!.release();
    leases[0] = hub.lease(principal);
    const stream = hub.stream({ tenantId }, undefined, leases[1]);
    const pending = stream.next();
    // Revoked elsewhere: noticed by the liveness check, not by a local revocation call.
    live.delete(principal.tokenId);
    await expect(pending).rejects.toBeInstanceOf(TokenRevokedError);
    await eventually(() => leases.every((l) => l.signal.aborted), 3000, 'every lease to end');
    for (const l of leases) l.release();
    expect(hub.stats().leases).toBe(0);
  });

  it('stop() completes open streams', async () => {
    const hub = await newHub();
    const stream = hub.stream({ tenantId }, undefined);
    const pending = stream.next();
    await hub.stop();
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
    expect(hub.stats().streams).toBe(0);
  });
});
