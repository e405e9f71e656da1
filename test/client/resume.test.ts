import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { type ReconnectInfo, RestartInstanceDocument, unwrap } from '../../src/client/index.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { Registry } from '../../src/providers/registry.js';
import { startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { SeedProvider } from '../support/seed.js';
import { clientFor, drain, eventIdsInDatabase, recordServerSockets, until } from './client-support.js';

const provisionInput = (name: string) => ({
  name,
  provider: 'seed',
  services: [{ name: 'web', image: 'registry.local/web:1' }],
});

/** Fast reconnects, so the tests spend their time on the drop and not on the backoff. */
const retry = { initialDelayMs: 50, maxDelayMs: 500 };

describe('streams resume from the last cursor they delivered', () => {
  let database: DatabaseHandle;
  let registry: Registry;
  let provider: SeedProvider;
  let t: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    database = await openTestDatabase();
    registry = new Registry();
    provider = new SeedProvider();
    registry.register('seed', provider);
    t = await startTestApp({ registry, database });
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    await t?.stop();
    await database?.close();
  });

  it('after the server closes the socket mid-stream: no event lost, none twice', async () => {
    const sockets: WebSocket[] = [];
    const stopRecording = recordServerSockets(sockets);
    const wh = clientFor(t, tenant.token);
    const reconnects: ReconnectInfo[] = [];
    try {
      const { instance } = await wh.provisionAndWait(provisionInput(`drop-${randomUUID().slice(0, 8)}`));
      const id = instance?.id ?? '';
      const ac = new AbortController();
      const stream = drain(
        wh.instanceEvents(id, { after: '0', signal: ac.signal, retry, onReconnect: (r) => reconnects.push(r) }),
      );
      const before = await eventIdsInDatabase(t, id);
      await until(() => stream.items.length >= before.length, 'the replayed history');
      const open = sockets.filter((s) => s.readyState === s.OPEN);
      expect(open.length).toBe(1);
      const socketsBeforeDrop = sockets.length;
      const deliveredBeforeDrop = stream.items.length;

      // The server side drops the connection, and events happen while the client is away.
      open[0]!.terminate();
      await wh.restartAndWait({ instanceId: id });
      await wh.stopAndWait({ instanceId: id });
      await wh.startAndWait({ instanceId: id });

      const want = await eventIdsInDatabase(t, id);
      expect(want.length).toBeGreaterThan(before.length);
      await until(() => stream.items.length >= want.length, 'the events after the drop');
      ac.abort();
      await stream.done;
      expect(stream.error()).toBeUndefined();
      expect(reconnects.length).toBeGreaterThanOrEqual(1);
      expect(reconnects[0]!.cursor).toBe(stream.items[deliveredBeforeDrop - 1]!.cursor);
      expect(sockets.length).toBeGreaterThan(socketsBeforeDrop);
      expect(stream.items.map((e) => e.cursor)).toEqual(want);
    } finally {
      stopRecording();
      await wh.dispose();
    }
  });

  it('across a server restart on the same database: no event lost, none twice', async () => {
    const wh = clientFor(t, tenant.token);
    const reconnects: ReconnectInfo[] = [];
    const { instance } = await wh.provisionAndWait(provisionInput(`restart-${randomUUID().slice(0, 8)}`));
    const id = instance?.id ?? '';
    const ac = new AbortController();
    // Live from now: the stream pins "now" to the newest event, so the restart cannot move it.
    const start = await eventIdsInDatabase(t, id);
    const stream = drain(wh.instanceEvents(id, { signal: ac.signal, retry, onReconnect: (r) => reconnects.push(r) }));
    const feed = drain(wh.events({ signal: ac.signal, retry, filter: { instanceId: id } }));
    await wh.stopAndWait({ instanceId: id });
    const beforeRestart = await eventIdsInDatabase(t, id);
    await until(() => stream.items.length >= beforeRestart.length - start.length, 'the events before the restart');

    const port = Number(new URL(t.url).port);
    await t.stop();
    t = await startTestApp({ registry, database, config: { port } });
    expect(Number(new URL(t.url).port)).toBe(port);
    // Written by the new server, possibly before the client is back.
    await wh.startAndWait({ instanceId: id });
    await wh.restartAndWait({ instanceId: id });

    const all = await eventIdsInDatabase(t, id);
    const want = all.slice(start.length);
    expect(want.length).toBeGreaterThan(beforeRestart.length - start.length);
    await until(() => stream.items.length >= want.length && feed.items.length >= want.length, 'the events after');
    ac.abort();
    await Promise.all([stream.done, feed.done]);
    expect(stream.error()).toBeUndefined();
    expect(feed.error()).toBeUndefined();
    expect(reconnects.length).toBeGreaterThanOrEqual(1);
    expect(stream.items.map((e) => e.cursor)).toEqual(want);
    expect(feed.items.map((e) => e.cursor)).toEqual(want);
    await wh.dispose();
  });

  it('waitForOperation follows operationUpdates across a dropped socket', async () => {
    const sockets: WebSocket[] = [];
    const stopRecording = recordServerSockets(sockets);
    const wh = clientFor(t, tenant.token);
    try {
      const { instance } = await wh.provisionAndWait(provisionInput(`wait-${randomUUID().slice(0, 8)}`));
      // The restart is held at the provider, so the operation is still running when the socket drops.
      const release = provider.hold('restart');
      const { operation } = unwrap(
        (await wh.request(RestartInstanceDocument, { input: { instanceId: instance?.id ?? '' } })).restartInstance,
      );
      const updates: string[] = [];
      const waiting = wh.waitForOperation(operation.id, { retry, onUpdate: (u) => updates.push(JSON.stringify(u)) });
      // Dropped while the operation sits in the held step, so the state re-sent after the reconnect is the same one.
      const held = () => {
        const last = updates.at(-1);
        const op = last ? (JSON.parse(last) as { status: string; steps: { status: string }[] }) : undefined;
        return op?.status === 'RUNNING' && op.steps.some((step) => step.status === 'RUNNING');
      };
      await until(() => held() && sockets.length >= 1, 'the held step');
      const socketsBeforeDrop = sockets.length;
      for (const s of sockets) s.terminate();
      await until(() => sockets.length > socketsBeforeDrop, 'the reconnect');
      release();
      const final = await waiting;
      expect(final.status).toBe('SUCCEEDED');
      expect(JSON.parse(updates.at(-1)!).status).toBe('SUCCEEDED');
    } finally {
      stopRecording();
      await wh.dispose();
    }
  });
});
