/**
 * The event log's order without a global lock (issue 38): 16 writers whose
 * transactions overlap (each takes its transaction id, waits, appends, waits,
 * commits, so ids, transaction ids and commit order all disagree), and 4
 * readers (subscribers of two hubs, as on two replicas) that are cut at
 * random points and resume from the cursor string of the last event they
 * got. Every reader must get every committed event exactly once, all in one
 * order. An order by id alone without the lock fails this: a reader that
 * passed id N while id N-1 was still uncommitted never sees N-1.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Event } from '../../src/control/model.js';
import { EventHub } from '../../src/control/streams/event-hub.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { appendEvents } from '../../src/db/repositories/event-repository.js';
import { itOnPostgres, postgresServerUrl } from '../support/database.js';
import { inFileDatabase } from '../support/postgres-file-database.js';

const WRITERS = 16;
const READERS = 4;
const TRANSACTIONS_PER_WRITER = 25;

describe('event log order (Postgres, concurrent writers)', () => {
  let database: DatabaseHandle | undefined;
  const hubs: EventHub[] = [];
  const tenantId = randomUUID();

  beforeAll(async () => {
    const url = postgresServerUrl();
    if (!url) return;
    // A pool as wide as the writers plus the readers' hubs: the writers must really overlap.
    database = await openDatabase({ kind: 'postgres', url: await inFileDatabase(url), poolSize: WRITERS + 8 });
    await migrateToLatest(database.db);
    await database.db
      .insertInto('tenants')
      .values({ id: tenantId, name: `order-${tenantId.slice(0, 8)}` })
      .execute();
    for (let i = 0; i < 2; i++) {
      const hub = new EventHub({ database, isLive: async () => true, pollMs: 200, livenessMs: 60_000 });
      await hub.start();
      hubs.push(hub);
    }
  });
  afterAll(async () => {
    for (const h of hubs) await h.stop();
    await database?.close();
  });

  /** One writer: transactions that take their id first, then append one or two events, holding on a little each time. */
  async function writer(db: DatabaseHandle['db'], w: number): Promise<void> {
    for (let i = 0; i < TRANSACTIONS_PER_WRITER; i++) {
      await db.transaction().execute(async (tx) => {
        await sql`select pg_current_xact_id(), pg_sleep(${randomInt(0, 8) / 1000})`.execute(tx);
        const n = randomInt(1, 3);
        await appendEvents(
          tx,
          Array.from({ length: n }, (_, k) => ({ tenant_id: tenantId, type: 'order.test', message: `${w}.${i}.${k}` })),
        );
        await sql`select pg_sleep(${randomInt(0, 8) / 1000})`.execute(tx);
      });
    }
  }

  /**
   * One reader: a stream from its cursor, cut after a random number of events or a random wait,
   * then opened again from the cursor string of the last event it got, until it has `total()`.
   */
  async function reader(hub: EventHub, total: () => number | undefined, deadline: number): Promise<Event[]> {
    const got: Event[] = [];
    let cursor = '0';
    while (Date.now() < deadline) {
      const want = total();
      if (want !== undefined && got.length >= want) break;
      const stream = hub.stream({ tenantId }, cursor);
      const take = randomInt(1, 40);
      const cutAt = Date.now() + randomInt(5, 150);
      try {
        for (let k = 0; k < take; k++) {
          const r = await Promise.race([
            stream.next(),
            new Promise<'cut'>((resolve) => setTimeout(() => resolve('cut'), Math.max(0, cutAt - Date.now()))),
          ]);
          if (r === 'cut' || r.done) break;
          got.push(r.value);
          cursor = r.value.cursor;
        }
      } finally {
        stream.close();
      }
    }
    return got;
  }

  itOnPostgres(
    'an event held back by an older open transaction is delivered when it ends, with no notification',
    async () => {
      // Its own hub, polling once a minute: only the hub's re-read after a held-back notification can deliver in time.
      const hub = new EventHub({ database: database!, isLive: async () => true, pollMs: 60_000, livenessMs: 60_000 });
      await hub.start();
      hubs.push(hub);
      const stream = hub.stream({ tenantId, types: ['held.back'] }, undefined);
      const pool = database!.pool!;
      const older = await pool.connect();
      try {
        // An older transaction with an id, open: the horizon stays below every later one.
        await older.query('begin');
        await older.query('select pg_current_xact_id()');
        const [row] = await database!.db
          .transaction()
          .execute((tx) => appendEvents(tx, [{ tenant_id: tenantId, type: 'held.back' }]));
        const next = stream.next();
        const early = await Promise.race([next, new Promise<'none'>((r) => setTimeout(() => r('none'), 500))]);
        expect(early, 'delivered while an older transaction was open').toBe('none');
        const ended = Date.now();
        // It ends without writing an event: no notification follows.
        await older.query('commit');
        const got = await Promise.race([next, new Promise<'late'>((r) => setTimeout(() => r('late'), 5_000))]);
        expect(got === 'late' ? got : got.value?.id).toBe(String(row!.id));
        expect(Date.now() - ended).toBeLessThan(5_000);
      } finally {
        older.release();
        stream.close();
      }
    },
  );

  itOnPostgres(
    'every reader cut and resumed at random gets every committed event exactly once, in one shared order',
    async () => {
      const db = database!.db;
      let total: number | undefined;
      const deadline = Date.now() + 60_000;
      const readers = Array.from({ length: READERS }, (_, r) => reader(hubs[r % 2]!, () => total, deadline));
      await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(db, w)));
      const committed = await db
        .selectFrom('events')
        .select(['id', 'xact'])
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .execute();
      total = committed.length;
      const got = await Promise.all(readers);

      const ids = committed.map((r) => String(r.id));
      expect(ids.length).toBeGreaterThanOrEqual(WRITERS * TRANSACTIONS_PER_WRITER);
      // The writers did overlap so that id order and transaction order disagree (the case a lock used to hide).
      const byXact = [...committed].sort(
        (a, b) => Number(BigInt(a.xact) - BigInt(b.xact)) || Number(a.id) - Number(b.id),
      );
      expect(byXact.map((r) => String(r.id))).not.toEqual(ids);

      const first = got[0]!.map((e) => e.id);
      for (const [i, events] of got.entries()) {
        const seen = events.map((e) => e.id);
        expect(new Set(seen).size, `reader ${i} got an event twice`).toBe(seen.length);
        expect([...seen].sort(), `reader ${i} missed or invented an event`).toEqual([...ids].sort());
        expect(seen, `reader ${i} saw another order than reader 0`).toEqual(first);
      }
    },
    90_000,
  );
});
