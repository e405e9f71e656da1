/**
 * EventHub.diagnostics(): what `kill -USR2` logs and the soak dumps when its
 * subscribers stop catching up. It must tell a stream waiting for the hub
 * from one whose consumer took an event and never asked for the next.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../../src/control/streams/event-hub.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { appendEvents, eventPosition } from '../../src/db/repositories/event-repository.js';
import { openTestDatabase } from '../support/database.js';

describe('EventHub.diagnostics', () => {
  let database: DatabaseHandle;
  let hub: EventHub;
  const tenantId = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .insertInto('tenants')
      .values({ id: tenantId, name: `diag-${tenantId.slice(0, 8)}` })
      .execute();
    hub = new EventHub({ database, isLive: async () => true, pollMs: 100, livenessMs: 60_000 });
    await hub.start();
  });
  afterAll(async () => {
    await hub?.stop();
    await database?.close();
  });

  const write = (n: number) =>
    database.db.transaction().execute((tx) =>
      appendEvents(
        tx,
        Array.from({ length: n }, () => ({ tenant_id: tenantId, type: 'test.event' })),
      ),
    );
  const cursorOf = (row: { xact: string; id: string | number } | undefined) => String(eventPosition(row!));
  const mine = (id: string) => hub.diagnostics().streams.filter((s) => s.tenantId === tenantId && s.cursor === id);

  it('hands streams that replay the same rows the same event objects (so their execution is shared)', async () => {
    const [before] = await write(1);
    const rows = await write(5);
    // Two subscribers resuming from one cursor, as every feed subscriber does on a restarted replica.
    const a = hub.stream({ tenantId }, cursorOf(before));
    const b = hub.stream({ tenantId }, cursorOf(before));
    try {
      const fromA = [];
      const fromB = [];
      for (let i = 0; i < rows.length; i++) {
        fromA.push((await a.next()).value);
        fromB.push((await b.next()).value);
      }
      expect(fromA.map((e) => e?.id)).toEqual(rows.map((r) => String(r.id)));
      for (let i = 0; i < rows.length; i++) expect(fromB[i]).toBe(fromA[i]);
    } finally {
      a.close();
      b.close();
    }
  });

  it('shows a stream handed-out after a delivery, waiting while asked, and counts offers', async () => {
    // A live stream starts at the hub's head: let it reach what earlier tests wrote first.
    const [last] = await write(1);
    const until = Date.now() + 10_000;
    // (or know it committed: an idle hub moves its head to the writer's horizon, below the writer's own rows).
    const known = () => hub.head >= eventPosition(last!) || hub.committedAboveHead().has(BigInt(last!.xact));
    while (!known() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const stream = hub.stream({ tenantId }, undefined);
    const [row] = await write(1);
    const first = await stream.next();
    expect(first.value?.id).toBe(String(row!.id));
    const [handedOut] = mine(cursorOf(row));
    expect(handedOut).toMatchObject({ state: 'handed-out', delivered: 1, offered: 1, queued: 0 });
    expect(handedOut!.lastDeliveryAt).toBeGreaterThanOrEqual(handedOut!.lastPullAt);

    // The consumer asks again and nothing is there: the stream waits for the hub.
    const pending = stream.next();
    await new Promise((r) => setTimeout(r, 10));
    expect(mine(cursorOf(row))[0]).toMatchObject({ state: 'waiting', delivered: 1 });

    // The pending next() takes the next event; two more are offered after it while nobody pulls:
    // counted and queued, and the state stays handed-out (the stall's signature). They are written
    // after the delivery: three rows read in one batch are all offered before the waiting reader
    // resumes, so their offers would precede its delivery (by a few ms on a loaded machine).
    const [taken] = await write(1);
    expect((await pending).value?.id).toBe(String(taken!.id));
    await write(2);
    const deadline = Date.now() + 5_000;
    let diag = hub.diagnostics().streams.find((s) => s.tenantId === tenantId);
    while ((diag?.offered ?? 0) < 4 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      diag = hub.diagnostics().streams.find((s) => s.tenantId === tenantId);
    }
    expect(diag).toMatchObject({ state: 'handed-out', offered: 4, delivered: 2, cursor: cursorOf(taken) });
    expect(diag!.queued).toBe(2);
    expect(diag!.lastOfferAt).toBeGreaterThanOrEqual(diag!.lastDeliveryAt);
    expect(hub.diagnostics().hub.streams).toBeGreaterThanOrEqual(1);
    stream.close();
    expect(hub.diagnostics().streams.filter((s) => s.tenantId === tenantId)).toEqual([]);
  });
});
