/**
 * The Subscription fields over a real graphql-ws client (and SSE) against the
 * app, with a fake of OUR Provider contract so the stream machinery is
 * exercised without an engine: replay and live, operation progress, the
 * tenant feed, logs and slow clients, auth, limits and revocation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_LIMITS } from '../../src/control/streams/stream-limits.js';
import { eventPosition } from '../../src/db/repositories/event-repository.js';
import { Registry } from '../../src/providers/registry.js';
import { execute, localIdOf, query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { usingPostgres } from '../support/database.js';
import {
  DeployMut,
  EventsSub,
  InstanceEventsSub,
  LogChunksSub,
  LogsSub,
  OperationUpdatesSub,
  ProvisionMut,
  RevokeMut,
  ViewerQuery,
} from './documents.js';
import {
  eventually,
  firstError,
  StreamFakeProvider,
  type Subscription,
  socketClient,
  sse,
  subscribe,
} from './stream-support.js';

const fake = new StreamFakeProvider();

describe('subscriptions (fake provider)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const clients: { dispose(): unknown }[] = [];

  function client(token: string | undefined) {
    const c = socketClient(t.wsUrl, token);
    clients.push(c.client);
    return c;
  }

  async function provision(token = tenant.token): Promise<{ instanceId: string; operationId: string }> {
    const r = await query(t.url, token, ProvisionMut, {
      input: {
        name: `s-${randomUUID().slice(0, 8)}`,
        wait: true,
        services: [{ name: 'main', image: 'example/app:1' }],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    expect(r.provisionInstance.operation.status).toBe('SUCCEEDED');
    return { instanceId: r.provisionInstance.instance.id, operationId: r.provisionInstance.operation.id };
  }

  async function deploy(instanceId: string, image: string, wait = false, token = tenant.token) {
    const r = await query(t.url, token, DeployMut, {
      input: { instanceId, wait, services: [{ name: 'main', image }] },
    });
    if (r.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(r));
    return r.deployInstance.operation;
  }

  async function tableIds(instanceId: string): Promise<string[]> {
    const local = Buffer.from(instanceId, 'base64').toString('utf8').split(':')[1]!;
    const rows = await t.database.db
      .selectFrom('events')
      .select(['xact', 'id'])
      .where('instance_id', '=', local)
      .orderBy('xact', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => String(eventPosition(r)));
  }

  beforeAll(async () => {
    const registry = new Registry();
    // A key of its own: on a shared Postgres, another file's executor must not claim these operations.
    registry.register('streams-fake', fake);
    t = await startTestApp({ registry });
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    for (const c of clients) c.dispose();
    await t?.stop();
  });

  it('instanceEvents replays the record after a cursor, then goes live, with no gap and no repeat', async () => {
    const { instanceId } = await provision();
    const { client: c } = client(tenant.token);
    const sub = subscribe(c, InstanceEventsSub, { instanceId, after: '0' });
    const history = await tableIds(instanceId);
    await sub.until((s) => s.data.length >= history.length);
    const op = await deploy(instanceId, 'example/app:2');
    await sub.until((s) =>
      s.data.some((d) => d.instanceEvents.type === 'operation.succeeded' && d.instanceEvents.operation?.id === op.id),
    );
    sub.dispose();
    const got = sub.data.map((d) => d.instanceEvents.cursor);
    expect(got).toEqual(await tableIds(instanceId));
    expect(sub.data[0]?.instanceEvents.type).toBe('instance.created');
    expect(sub.data.every((d) => d.instanceEvents.instance?.id === instanceId)).toBe(true);
  });

  it('instanceEvents without a cursor starts live, and rejects a malformed cursor', async () => {
    const { instanceId } = await provision();
    const { client: c } = client(tenant.token);
    const sub = subscribe(c, InstanceEventsSub, { instanceId });
    await eventually(() => t.app.services.events.stats().streams > 0, 5000, 'the stream to open');
    await new Promise((r) => setTimeout(r, 100));
    const op = await deploy(instanceId, 'example/app:3');
    await sub.until((s) => s.data.some((d) => d.instanceEvents.type === 'operation.succeeded'));
    sub.dispose();
    // Only what happened after subscribing: the deploy's events, none of the provision's.
    expect(sub.data.map((d) => d.instanceEvents.type)).not.toContain('instance.created');
    expect(sub.data.every((d) => d.instanceEvents.operation?.id === op.id)).toBe(true);

    const bad = subscribe(c, InstanceEventsSub, { instanceId, after: 'not-a-cursor' });
    await bad.ended();
    expect(firstError(bad)?.code).toBe('BAD_USER_INPUT');
  });

  it('operationUpdates sends the current operation, each change, then the outcome, and completes', async () => {
    const { instanceId } = await provision();
    fake.deployMs = 400;
    try {
      const op = await deploy(instanceId, 'example/app:4');
      const { client: c } = client(tenant.token);
      const sub = subscribe(c, OperationUpdatesSub, { operationId: op.id });
      await sub.ended(15_000);
      expect(sub.error).toBeUndefined();
      expect(sub.completed).toBe(true);
      const updates = sub.data.map((d) => d.operationUpdates);
      expect(updates.length).toBeGreaterThanOrEqual(3);
      expect(['QUEUED', 'RUNNING']).toContain(updates[0]?.status);
      const last = updates.at(-1)!;
      expect(last).toMatchObject({ status: 'SUCCEEDED', readinessOutcome: 'READY' });
      expect(last.steps.map((s) => s.name)).toEqual(['apply deploy', 'wait for readiness']);
      // Progress is monotonic: never fewer steps than the update before.
      for (let i = 1; i < updates.length; i++) {
        expect(updates[i]!.steps.length).toBeGreaterThanOrEqual(updates[i - 1]!.steps.length);
      }
      expect(updates.slice(0, -1).every((u) => u.status === 'QUEUED' || u.status === 'RUNNING')).toBe(true);

      // An operation that has ended already: one update, then the end.
      const again = subscribe(c, OperationUpdatesSub, { operationId: op.id });
      await again.ended();
      expect(again.data.map((d) => d.operationUpdates.status)).toEqual(['SUCCEEDED']);
    } finally {
      fake.deployMs = 0;
    }
  });

  it("events is the tenant's feed: filtered by type and instance, never another tenant's", async () => {
    const other = await t.newTenant();
    const mine = await provision();
    const theirs = await provision(other.token);
    const { client: c } = client(tenant.token);
    const all = subscribe(c, EventsSub, {});
    const succeeded = subscribe(c, EventsSub, { filter: { types: ['operation.succeeded'] } });
    const byInstance = subscribe(c, EventsSub, { filter: { instanceId: mine.instanceId } });
    await eventually(() => t.app.services.events.stats().streams >= 3, 5000, 'the streams to open');
    await deploy(theirs.instanceId, 'example/app:5', true, other.token);
    const op = await deploy(mine.instanceId, 'example/app:5', true);
    await succeeded.until((s) => s.data.length >= 1);
    await all.until((s) => s.data.some((d) => d.events.type === 'operation.succeeded'));
    await byInstance.until((s) => s.data.some((d) => d.events.type === 'operation.succeeded'));
    for (const s of [all, succeeded, byInstance]) s.dispose();
    // Compared by event id with the database: a foreign event would show `instance: null` (its instance
    // is not ours to load), so comparing instance ids could not catch it.
    const eventIds = async (tenantId: string, instanceId?: string) =>
      new Set(
        (
          await t.database.db
            .selectFrom('events')
            .select(['xact', 'id'])
            .where('tenant_id', '=', tenantId)
            .$if(!!instanceId, (q) => q.where('instance_id', '=', instanceId!))
            .execute()
        ).map((r) => String(eventPosition(r))),
      );
    const own = await eventIds(tenant.tenantId);
    const ownOfInstance = await eventIds(tenant.tenantId, localIdOf(mine.instanceId));
    const foreign = await eventIds(other.tenantId);
    expect(foreign.size, 'the other tenant wrote events while we listened').toBeGreaterThan(0);
    for (const [s, allowed] of [
      [all, own],
      [succeeded, own],
      [byInstance, ownOfInstance],
    ] as const) {
      const cursors = s.data.map((d) => d.events.cursor);
      expect(cursors.filter((c) => !allowed.has(c))).toEqual([]);
      expect(cursors.filter((c) => foreign.has(c))).toEqual([]);
    }
    expect(succeeded.data.map((d) => d.events.type)).toEqual(['operation.succeeded']);
    expect(op.status).toBe('SUCCEEDED');
    // The feed's cursors are increasing.
    const ids = all.data.map((d) => BigInt(d.events.cursor));
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
  });

  describe('auth', () => {
    it('a subscription without READ is forbidden; logs without LOGS or EXEC are forbidden', async () => {
      const { instanceId, operationId } = await provision();
      const execOnly = await t.newToken(tenant.tenantId, ['exec']);
      const readOnly = await t.newToken(tenant.tenantId, ['read']);
      const { client: c1 } = client(execOnly);
      const { client: c2 } = client(readOnly);
      const subs: [Subscription<unknown>, string][] = [
        [subscribe(c1, EventsSub, {}), 'events'],
        [subscribe(c1, InstanceEventsSub, { instanceId }), 'instanceEvents'],
        [subscribe(c1, OperationUpdatesSub, { operationId }), 'operationUpdates'],
        [subscribe(c2, LogsSub, { instanceId }), 'instanceLogs'],
      ];
      for (const [s, name] of subs) {
        await s.ended();
        expect(firstError(s), name).toMatchObject({ code: 'FORBIDDEN' });
        expect(
          s.data.filter((d) => d && Object.values(d as object).some(Boolean)),
          name,
        ).toEqual([]);
      }
    });

    it("another tenant's instance or operation is answered exactly like a missing one", async () => {
      const { instanceId, operationId } = await provision();
      const other = await t.newTenant();
      const { client: c } = client(other.token);
      const missingInstance = Buffer.from(`Instance:${randomUUID()}`).toString('base64');
      const missingOperation = Buffer.from(`Operation:${randomUUID()}`).toString('base64');
      const pairs: [Subscription<unknown>, Subscription<unknown>][] = [
        [
          subscribe(c, InstanceEventsSub, { instanceId }),
          subscribe(c, InstanceEventsSub, { instanceId: missingInstance }),
        ],
        [
          subscribe(c, OperationUpdatesSub, { operationId }),
          subscribe(c, OperationUpdatesSub, { operationId: missingOperation }),
        ],
        [subscribe(c, LogsSub, { instanceId }), subscribe(c, LogsSub, { instanceId: missingInstance })],
        [
          subscribe(c, EventsSub, { filter: { instanceId } }),
          subscribe(c, EventsSub, { filter: { instanceId: missingInstance } }),
        ],
      ];
      for (const [foreign, missing] of pairs) {
        await foreign.ended();
        await missing.ended();
        expect(firstError(foreign)).toMatchObject({ code: 'NOT_FOUND' });
        expect(firstError(foreign)).toEqual(firstError(missing));
      }
    });

    it('revoking the token ends its open subscriptions, over graphql-ws and over SSE', async () => {
      const admin = tenant.token;
      const victim = await t.newToken(tenant.tenantId, ['read']);
      const viewer = await query(t.url, victim, ViewerQuery, {});
      const tokenId = viewer.viewer.token!.id;
      const ws = client(victim);
      const wsSub = subscribe(ws.client, EventsSub, {});
      const sseSub = await sse(t.url, victim, EventsSub, {});
      expect(sseSub.status).toBe(200);
      await eventually(() => t.app.services.events.stats().streams >= 2, 5000, 'the streams to open');
      const r = await query(t.url, admin, RevokeMut, { input: { id: tokenId } });
      expect(r.revokeApiToken.__typename).toBe('RevokeApiTokenPayload');
      await wsSub.ended(5000);
      expect(wsSub.completed && !wsSub.error).toBe(false);
      await sseSub.until(() => sseSub.done, 5000);
      await eventually(() => ws.closes.some((e) => e.code === 4401), 5000, 'the socket to close with 4401');
      // A new subscription with the revoked token is refused.
      const again = await sse(t.url, victim, EventsSub, {});
      expect(again.status).toBe(401);
    });
  });

  describe('revocation and expiry across replicas', () => {
    it('a token revoked through one replica ends its streams on another at once, UNAUTHENTICATED', async () => {
      const b = await startTestApp({ ...(usingPostgres() ? {} : { database: t.database }) });
      try {
        const victim = await t.newToken(tenant.tenantId, ['read']);
        const tokenId = (await query(t.url, victim, ViewerQuery, {})).viewer.token!.id;
        const bClient = socketClient(b.wsUrl, victim);
        clients.push(bClient.client);
        const onB = subscribe(bClient.client, EventsSub, {});
        const sseB = await sse(b.url, victim, EventsSub, {});
        await eventually(() => b.app.services.events.stats().leases >= 2, 5000, 'the streams to open on B');
        const before = b.app.services.events.stats();
        await query(t.url, tenant.token, RevokeMut, { input: { id: tokenId } });
        await onB.ended(5000);
        await sseB.until(() => sseB.done, 5000);
        // Through the token.revoked event, not the periodic re-check: B's hub ended both streams
        // because it was told, and its re-check ended none (no wall-clock bound needed).
        const after = b.app.services.events.stats();
        expect(after.endedByRevocation - before.endedByRevocation).toBe(2);
        expect(after.endedByRecheck - before.endedByRecheck).toBe(0);
        expect(firstError(onB)).toEqual({ message: 'the token was revoked or has expired', code: 'UNAUTHENTICATED' });
        expect(sseB.events.at(-1)?.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
        // Its own revocation is not delivered to it.
        expect(onB.data).toEqual([]);
      } finally {
        await b.stop();
      }
    });

    it('a token that expires while streaming is ended by the periodic re-check', async () => {
      const expiring = await t.newToken(tenant.tenantId, ['read']);
      const tokenId = localIdOf((await query(t.url, expiring, ViewerQuery, {})).viewer.token!.id);
      const { client: c } = client(expiring);
      const sub = subscribe(c, EventsSub, {});
      await eventually(() => t.app.services.events.stats().leases > 0, 5000, 'the stream to open');
      // No event says so: only the token row changes.
      await t.database.db.updateTable('api_tokens').set({ expires_at: new Date() }).where('id', '=', tokenId).execute();
      await sub.ended(8000);
      expect(firstError(sub)?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('limits', () => {
    it(`a connection holds at most ${STREAM_LIMITS.perConnection} subscriptions, a token ${STREAM_LIMITS.perToken}`, async () => {
      const token = await t.newToken(tenant.tenantId, ['read']);
      const baseline = t.app.services.events.stats().leases;
      const conns = Array.from({ length: 5 }, () => client(token).client);
      const open: Subscription<unknown>[] = [];
      for (let i = 0; i < STREAM_LIMITS.perConnection; i++) open.push(subscribe(conns[0]!, EventsSub, {}));
      await eventually(
        () => t.app.services.events.stats().leases >= baseline + STREAM_LIMITS.perConnection,
        10_000,
        'the first connection to fill',
      );
      const overConnection = subscribe(conns[0]!, EventsSub, {});
      await overConnection.ended();
      expect(firstError(overConnection)).toMatchObject({ code: 'SUBSCRIPTION_LIMIT' });

      for (let k = 1; k < 4; k++) {
        for (let i = 0; i < STREAM_LIMITS.perConnection; i++) open.push(subscribe(conns[k]!, EventsSub, {}));
      }
      await eventually(
        () => t.app.services.events.stats().leases >= baseline + STREAM_LIMITS.perToken,
        10_000,
        'the token to fill',
      );
      const overToken = subscribe(conns[4]!, EventsSub, {});
      await overToken.ended();
      expect(firstError(overToken)).toMatchObject({ code: 'SUBSCRIPTION_LIMIT' });

      // Unsubscribing gives the slots back.
      for (const s of open.splice(0, 10)) s.dispose();
      await eventually(
        () => t.app.services.events.stats().leases <= baseline + STREAM_LIMITS.perToken - 10,
        5000,
        'slots to be released',
      );
      const fits = subscribe(conns[0]!, EventsSub, {});
      await eventually(() => t.app.services.events.stats().leases > baseline + STREAM_LIMITS.perToken - 10, 5000);
      expect(fits.error).toBeUndefined();
      fits.dispose();
      for (const s of open) s.dispose();
      await eventually(() => t.app.services.events.stats().leases === baseline, 5000, 'every slot to be released');
    });
  });

  describe('SSE', () => {
    it('streams a subscription with the Authorization header, refuses one without (401), and lets go on abort', async () => {
      const { instanceId } = await provision();
      const none = await sse(t.url, undefined, InstanceEventsSub, { instanceId, after: '0' });
      expect(none.status).toBe(401);

      const baseline = t.app.services.events.stats().leases;
      const s = await sse(t.url, tenant.token, InstanceEventsSub, { instanceId, after: '0' });
      expect(s.status).toBe(200);
      const history = await tableIds(instanceId);
      await s.until(() => s.events.length >= history.length);
      await deploy(instanceId, 'example/app:6', true);
      const all = await tableIds(instanceId);
      await s.until(() => s.events.length >= all.length);
      const cursors = s.events.map((e) => (e.data?.instanceEvents as { cursor: string } | undefined)?.cursor);
      expect(cursors).toEqual(all);
      s.abort();
      await eventually(() => t.app.services.events.stats().leases === baseline, 5000, 'the SSE stream to let go');
    });
  });

  describe('logs', () => {
    it('streams lines and closes the provider stream when the client unsubscribes', async () => {
      const { instanceId } = await provision();
      const { client: c } = client(tenant.token);
      const opened = fake.nextLogStream();
      const sub = subscribe(c, LogsSub, { instanceId, tail: 10 });
      const stream = await opened;
      expect(stream.opts).toMatchObject({ serviceName: 'main', follow: true, tail: 10 });
      stream.emit(['one', 'two', 'three']);
      await sub.until((s) => s.data.length >= 3);
      expect(sub.data.map((d) => d.instanceLogs)).toMatchObject([
        { message: 'one', stream: 'STDOUT', service: 'main', dropped: 0 },
        { message: 'two', dropped: 0 },
        { message: 'three', dropped: 0 },
      ]);
      sub.dispose();
      await eventually(() => stream.closed, 5000, 'the provider stream to close');
    });

    it('without follow, sends the existing lines and completes', async () => {
      const { instanceId } = await provision();
      const { client: c } = client(tenant.token);
      fake.initialLines = Array.from({ length: 1500 }, (_, i) => `old ${i}`);
      try {
        const sub = subscribe(c, LogsSub, { instanceId, follow: false });
        await sub.ended();
        expect(sub.completed).toBe(true);
        // Nothing is dropped from a finite answer, however long.
        expect(sub.data.map((d) => d.instanceLogs.message)).toEqual(fake.initialLines);
        expect(sub.data.every((d) => d.instanceLogs.dropped === 0)).toBe(true);
      } finally {
        fake.initialLines = [];
      }
    });

    it('a slow client loses the oldest lines, told how many; every line is delivered or counted', async () => {
      const { instanceId } = await provision();
      const { client: c, sockets } = client(tenant.token);
      const opened = fake.nextLogStream();
      const sub = subscribe(c, LogsSub, { instanceId });
      const stream = await opened;
      stream.emit(['first']);
      await sub.until((s) => s.data.length >= 1);
      // Stop reading from the socket: the server's writes back up and its buffer fills.
      const raw = (sockets[0] as unknown as { _socket: import('node:net').Socket })._socket;
      raw.pause();
      const total = 30_000;
      const pad = 'x'.repeat(200);
      for (let i = 0; i < total; i += 1000) {
        stream.emit(Array.from({ length: 1000 }, (_, k) => `line ${i + k} ${pad}`));
        await new Promise((r) => setTimeout(r, 5));
      }
      stream.emit(['last']);
      await new Promise((r) => setTimeout(r, 500));
      raw.resume();
      await sub.until((s) => s.data.some((d) => d.instanceLogs.message === 'last'), 20_000);
      sub.dispose();
      const lines = sub.data.slice(1).map((d) => d.instanceLogs);
      const dropped = lines.reduce((n, l) => n + l.dropped, 0);
      expect(dropped).toBeGreaterThan(0);
      expect(lines.length + dropped).toBe(total + 1);
      // What arrives is in order, and what was dropped was the oldest of each backlog.
      const numbers = lines.filter((l) => l.message !== 'last').map((l) => Number(l.message.split(' ')[1]));
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      await eventually(() => stream.closed, 5000, 'the provider stream to close');
    });
  });

  describe('log chunks', () => {
    it('without follow, every existing line arrives in order, many to a message, within maxLines, and it completes', async () => {
      const { instanceId } = await provision();
      const { client: c } = client(tenant.token);
      fake.initialLines = Array.from({ length: 5000 }, (_, i) => `old ${i}`);
      try {
        const sub = subscribe(c, LogChunksSub, { instanceId, follow: false, maxLines: 700 });
        await sub.ended();
        expect(sub.completed).toBe(true);
        const chunks = sub.data.map((d) => d.instanceLogChunks.lines);
        expect(chunks.flat().map((l) => l.message)).toEqual(fake.initialLines);
        expect(chunks.flat().every((l) => l.dropped === 0 && l.stream === 'STDOUT' && l.service === 'main')).toBe(true);
        expect(chunks.every((lines) => lines.length >= 1 && lines.length <= 700)).toBe(true);
        // Batched: far fewer messages than lines.
        expect(chunks.length).toBeLessThan(fake.initialLines.length / 10);
      } finally {
        fake.initialLines = [];
      }
    });

    it('following, a line that comes alone is sent alone at once; the provider stream closes on unsubscribe', async () => {
      const { instanceId } = await provision();
      const { client: c } = client(tenant.token);
      const opened = fake.nextLogStream();
      const sub = subscribe(c, LogChunksSub, { instanceId });
      const stream = await opened;
      expect(stream.opts).toMatchObject({ serviceName: 'main', follow: true });
      stream.emit(['one']);
      await sub.until((s) => s.data.length >= 1);
      stream.emit(['two', 'three']);
      await sub.until((s) => s.data.flatMap((d) => d.instanceLogChunks.lines).length >= 3);
      expect(sub.data[0]?.instanceLogChunks.lines.map((l) => l.message)).toEqual(['one']);
      expect(sub.data.flatMap((d) => d.instanceLogChunks.lines.map((l) => l.message))).toEqual(['one', 'two', 'three']);
      sub.dispose();
      await eventually(() => stream.closed, 5000, 'the provider stream to close');
    });

    it('a slow client loses the oldest lines, told how many; every line is delivered or counted', async () => {
      const { instanceId } = await provision();
      const { client: c, sockets } = client(tenant.token);
      const opened = fake.nextLogStream();
      const sub = subscribe(c, LogChunksSub, { instanceId });
      const stream = await opened;
      stream.emit(['first']);
      await sub.until((s) => s.data.length >= 1);
      const raw = (sockets[0] as unknown as { _socket: import('node:net').Socket })._socket;
      raw.pause();
      const total = 30_000;
      const pad = 'x'.repeat(200);
      for (let i = 0; i < total; i += 1000) {
        stream.emit(Array.from({ length: 1000 }, (_, k) => `line ${i + k} ${pad}`));
        await new Promise((r) => setTimeout(r, 5));
      }
      stream.emit(['last']);
      await new Promise((r) => setTimeout(r, 500));
      raw.resume();
      const all = () => sub.data.flatMap((d) => d.instanceLogChunks.lines);
      await sub.until(() => all().some((l) => l.message === 'last'), 20_000);
      sub.dispose();
      const lines = all().slice(1);
      const dropped = lines.reduce((n, l) => n + l.dropped, 0);
      expect(dropped).toBeGreaterThan(0);
      expect(lines.length + dropped).toBe(total + 1);
      const numbers = lines.filter((l) => l.message !== 'last').map((l) => Number(l.message.split(' ')[1]));
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      await eventually(() => stream.closed, 5000, 'the provider stream to close');
    });

    it('maxLines outside 1..1000 is a typed input error', async () => {
      const { instanceId } = await provision();
      const { client: c } = client(tenant.token);
      const zero = subscribe(c, LogChunksSub, { instanceId, maxLines: 0 });
      const huge = subscribe(c, LogChunksSub, { instanceId, maxLines: 1001 });
      await zero.ended();
      await huge.ended();
      expect(firstError(zero)?.code).toBe('BAD_USER_INPUT');
      expect(firstError(huge)?.code).toBe('BAD_USER_INPUT');
    });
  });

  it('the GraphQL error for a bad log request is typed', async () => {
    const { instanceId } = await provision();
    const { client: c } = client(tenant.token);
    const badService = subscribe(c, LogsSub, { instanceId, service: 'nope' });
    const badTail = subscribe(c, LogsSub, { instanceId, tail: -1 });
    await badService.ended();
    await badTail.ended();
    expect(firstError(badService)?.code).toBe('BAD_USER_INPUT');
    expect(firstError(badTail)?.code).toBe('BAD_USER_INPUT');
    const r = await execute(t.url, tenant.token, ViewerQuery, {});
    expect(r.status).toBe(200);
  });
});
