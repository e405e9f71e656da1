/**
 * Live streams against the real Docker engine, over a real graphql-ws client:
 * readiness transitions in order, a deploy's progress to its outcome, logs
 * followed and closed at the engine, a reconnect mid-deploy that loses
 * nothing, and two server replicas that both see every operation.
 */

import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPosition } from '../../src/db/repositories/event-repository.js';
import type { LogStream, Provider } from '../../src/providers/provider.js';
import { Registry } from '../../src/providers/registry.js';
import { localIdOf, query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { usingPostgres } from '../support/database.js';
import { dockerOrSkip, dockerRegistry, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';
import {
  DeployMut,
  DeprovisionMut,
  EventsSub,
  InstanceEventsSub,
  LogsSub,
  OperationUpdatesSub,
  ProvisionMut,
} from './documents.js';
import { eventually, type Subscription, socketClient, subscribe } from './stream-support.js';

/** A log stream the provider returned, as the test saw it. */
interface ObservedLogs {
  closed: boolean;
  connections: readonly Socket[];
}

/**
 * The Docker provider, with every log stream it opens observed: whether it
 * was closed, and the engine connections behind it.
 */
function observedDocker(): { registry: Registry; logs: ObservedLogs[] } {
  const inner = dockerRegistry().get('docker');
  const logs: ObservedLogs[] = [];
  const provider = new Proxy(inner, {
    get(target, prop) {
      if (prop === 'logs') {
        return async (...args: Parameters<Provider['logs']>): Promise<LogStream> => {
          const stream = await target.logs(...args);
          const seen: ObservedLogs = {
            closed: false,
            connections: (stream as { engineConnections?: () => readonly Socket[] }).engineConnections?.() ?? [],
          };
          logs.push(seen);
          const close = stream.close.bind(stream);
          stream.close = async () => {
            seen.closed = true;
            await close();
          };
          return stream;
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const registry = new Registry();
  registry.register('docker', provider);
  return { registry, logs };
}

const TICKER = 'i=0; while true; do i=$((i+1)); echo "line $i"; sleep 0.2; done';

const skip = !(await dockerOrSkip());

describe.skipIf(skip)('live streams on a real engine', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let observed: ReturnType<typeof observedDocker>;
  let instanceId = '';
  let localInstanceId = '';
  const clients: { dispose(): unknown }[] = [];
  let lifetime: Subscription<{ instanceEvents: { type: string; toState?: string | null } }> | undefined;

  function client(token = tenant.token) {
    const c = socketClient(t.wsUrl, token);
    clients.push(c.client);
    return c;
  }

  async function deploy(image: string, app = t): Promise<string> {
    const r = await query(app.url, tenant.token, DeployMut, {
      input: { instanceId, services: [{ name: 'web', image }] },
    });
    if (r.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(r));
    return r.deployInstance.operation.id;
  }

  /** The feed's events as the table holds them (the audit log's are for webhooks naming them, never in a feed). */
  async function tableIds(where: { instanceId?: string; tenantId?: string }, after = '0'): Promise<string[]> {
    let q = t.database.db.selectFrom('events').select(['xact', 'id']).where('type', 'not like', 'audit.%');
    if (where.instanceId) q = q.where('instance_id', '=', where.instanceId);
    if (where.tenantId) q = q.where('tenant_id', '=', where.tenantId);
    const rows = await q.orderBy('xact', 'asc').orderBy('id', 'asc').execute();
    return rows.map((r) => String(eventPosition(r))).filter((c) => BigInt(c) > BigInt(after));
  }

  beforeAll(async () => {
    observed = observedDocker();
    t = await startDockerApp({ registry: observed.registry });
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    for (const c of clients) c.dispose();
    await t?.stop();
  });

  it('a provision streams its readiness transitions in order: PROVISIONING → STARTING → RUNNING, ready false → true', async () => {
    const r = await query(t.url, tenant.token, ProvisionMut, {
      input: {
        name: `streams-${randomUUID().slice(0, 8)}`,
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web1,
            ports: [{ container: 8080 }],
            healthCheck: { path: '/healthz', port: 8080 },
          },
          { name: 'ticker', image: TEST_IMAGES.tool, role: 'SIDECAR', command: ['sh', '-c', TICKER] },
        ],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    instanceId = r.provisionInstance.instance.id;
    localInstanceId = Buffer.from(instanceId, 'base64').toString('utf8').split(':')[1]!;
    const opId = r.provisionInstance.operation.id;
    const { client: c } = client();
    // From the beginning: whatever happened before the subscription is replayed, the rest is live.
    const sub = subscribe(c, InstanceEventsSub, { instanceId, after: '0' });
    lifetime = subscribe(client().client, InstanceEventsSub, { instanceId, after: '0' });
    await sub.until(
      (s) =>
        s.data.some((d) => d.instanceEvents.type === 'operation.succeeded' && d.instanceEvents.operation?.id === opId),
      60_000,
    );
    sub.dispose();
    const transitions = sub.data
      .map((d) => d.instanceEvents)
      .filter((e) => e.type === 'instance.created' || e.type === 'instance.state_changed');
    const states = transitions.map((e) => e.toState).filter((s, i, all) => s !== all[i - 1]);
    expect(states).toEqual(['PROVISIONING', 'STARTING', 'RUNNING']);
    const ready = transitions.map((e) => e.ready);
    expect(ready[0]).toBe(false);
    expect(ready.at(-1)).toBe(true);
    // Never ready again false once true (within the provision).
    expect(ready.slice(ready.indexOf(true))).not.toContain(false);
    // And exactly what the table holds, in order.
    const upTo = sub.data.findIndex((d) => d.instanceEvents.type === 'operation.succeeded');
    const received = sub.data.slice(0, upTo + 1).map((d) => d.instanceEvents.cursor);
    expect(received).toEqual((await tableIds({ instanceId: localInstanceId })).slice(0, received.length));
  });

  it("a deploy's operationUpdates go step by step to the outcome, then the stream completes", async () => {
    const opId = await deploy(TEST_IMAGES.web2);
    const sub = subscribe(client().client, OperationUpdatesSub, { operationId: opId });
    await sub.ended(60_000);
    expect(sub.error).toBeUndefined();
    expect(sub.completed).toBe(true);
    const updates = sub.data.map((d) => d.operationUpdates);
    expect(updates[0]?.kind).toBe('DEPLOY');
    expect(updates.at(-1)).toMatchObject({ status: 'SUCCEEDED', readinessOutcome: 'READY', error: null });
    expect(updates.at(-1)?.steps).toEqual([
      { name: 'apply deploy', status: 'SUCCEEDED' },
      { name: 'wait for readiness', status: 'SUCCEEDED' },
    ]);
    expect(updates.at(-1)?.instance).toMatchObject({ state: 'RUNNING', ready: true });
    // At least one update while it ran, before the outcome.
    expect(updates.some((u) => u.status === 'RUNNING')).toBe(true);
  });

  it('instanceLogs follows a container line by line, and unsubscribing closes the engine request', async () => {
    const before = observed.logs.length;
    const sub = subscribe(client().client, LogsSub, { instanceId, service: 'ticker', tail: 0 });
    await sub.until((s) => s.data.length >= 5, 20_000);
    sub.dispose();
    const lines = sub.data.map((d) => d.instanceLogs);
    expect(lines.every((l) => l.service === 'ticker' && l.stream === 'STDOUT' && l.dropped === 0)).toBe(true);
    const n = lines.map((l) => Number(/^line (\d+)$/.exec(l.message)?.[1]));
    expect(n.every((x) => Number.isInteger(x))).toBe(true);
    // Consecutive: followed live, nothing skipped or repeated.
    expect(n).toEqual(n.map((_, i) => n[0]! + i));
    // ~200 ms apart, and stamped by the engine.
    const span = new Date(lines.at(-1)!.timestamp).getTime() - new Date(lines[0]!.timestamp).getTime();
    expect(span).toBeGreaterThanOrEqual(500);
    const opened = observed.logs.slice(before);
    expect(opened).toHaveLength(1);
    await eventually(() => opened[0]!.closed, 5000, 'the provider log stream to be closed');
    expect(opened[0]!.connections.length).toBeGreaterThan(0);
    await eventually(
      () => opened[0]!.connections.every((s) => s.destroyed),
      5000,
      'every engine connection of the stream to be torn down',
    );
  });

  it('a client that drops its socket mid-deploy and resubscribes with its last cursor loses nothing', async () => {
    const start = (await tableIds({ instanceId: localInstanceId })).at(-1)!;
    const first = client();
    const sub1 = subscribe(first.client, InstanceEventsSub, { instanceId, after: start });
    await eventually(() => t.app.services.events.stats().streams > 0, 5000);
    const opId = await deploy(TEST_IMAGES.web1);
    await sub1.until((s) => s.data.length >= 2, 30_000);
    // The network goes away: no goodbye, the socket is just cut.
    first.sockets[0]!.terminate();
    // The cut really was mid-deploy: the operation had not ended yet.
    const atCut = await t.database.db
      .selectFrom('operations')
      .select('status')
      .where('id', '=', localIdOf(opId))
      .executeTakeFirstOrThrow();
    expect(atCut.status, 'the deploy ended before the socket was cut').toMatch(/^(queued|running)$/);
    await sub1.ended(5000);
    const lastCursor = sub1.data.at(-1)!.instanceEvents.cursor;
    // Events keep happening while the client is away: wait for at least one written in the gap.
    let gap: string[] = [];
    await eventually(
      async () => {
        gap = await tableIds({ instanceId: localInstanceId }, lastCursor);
        return gap.length > 0;
      },
      60_000,
      'an event written while the client was away',
    );
    const sub2 = subscribe(client().client, InstanceEventsSub, { instanceId, after: lastCursor });
    await sub2.until(
      (s) =>
        s.data.some((d) => d.instanceEvents.type === 'operation.succeeded' && d.instanceEvents.operation?.id === opId),
      60_000,
    );
    sub2.dispose();
    const got = [...sub1.data, ...sub2.data].map((d) => d.instanceEvents.cursor);
    expect(new Set(got).size).toBe(got.length);
    const table = await tableIds({ instanceId: localInstanceId }, start);
    expect(got).toEqual(table.slice(0, got.length));
    expect(got.at(-1)).toBe(
      sub2.data.find((d) => d.instanceEvents.type === 'operation.succeeded')!.instanceEvents.cursor,
    );
    expect(sub1.data.length).toBeGreaterThan(0);
    // What was written in the gap came on the second subscription, first.
    expect(sub2.data.slice(0, gap.length).map((d) => d.instanceEvents.cursor)).toEqual(gap);
  });

  it('two replicas: an operation run by either is seen by subscribers of both', async () => {
    // PGlite is one process: the second replica shares its handle. Postgres: its own pool on the same server.
    const b = await startTestApp({
      registry: dockerRegistry(),
      ...(usingPostgres() ? {} : { database: t.database }),
    });
    try {
      const start = (await tableIds({ tenantId: tenant.tenantId })).at(-1) ?? '0';
      const onA = subscribe(client().client, EventsSub, { after: start });
      const bClient = socketClient(b.wsUrl, tenant.token);
      clients.push(bClient.client);
      const onB = subscribe(bClient.client, EventsSub, { after: start });

      // Run by A: B's worker is off, the mutation goes to B.
      await b.app.executor?.stop();
      const op1 = await deploy(TEST_IMAGES.web2, b);
      await waitSucceeded([onA, onB], op1);

      // Run by B: A's worker is off, the mutation goes to A.
      await t.app.executor?.stop();
      b.app.executor?.start();
      const op2 = await deploy(TEST_IMAGES.web1, t);
      await waitSucceeded([onA, onB], op2);
      t.app.executor?.start();

      onA.dispose();
      onB.dispose();
      const a = onA.data.map((d) => d.events.cursor);
      const bIds = onB.data.map((d) => d.events.cursor);
      const table = await tableIds({ tenantId: tenant.tenantId }, start);
      const n = Math.min(a.length, bIds.length);
      expect(a.slice(0, n)).toEqual(bIds.slice(0, n));
      expect(a.slice(0, n)).toEqual(table.slice(0, n));
      expect(onA.data.filter((d) => d.events.type === 'operation.succeeded')).toHaveLength(2);
      expect(onB.data.filter((d) => d.events.type === 'operation.succeeded')).toHaveLength(2);
      // Each replica's hub published what the other wrote.
      expect(BigInt(b.app.services.events.stats().head)).toBeGreaterThanOrEqual(BigInt(a.at(-1)!));
    } finally {
      t.app.executor?.start();
      await b.stop();
    }

    async function waitSucceeded(subs: Subscription<{ events: { type: string; cursor: string } }>[], opId: string) {
      const local = Buffer.from(opId, 'base64').toString('utf8').split(':')[1]!;
      const row = async () =>
        t.database.db
          .selectFrom('events')
          .select(['xact', 'id'])
          .where('operation_id', '=', local)
          .where('type', '=', 'operation.succeeded')
          .executeTakeFirst();
      await eventually(async () => !!(await row()), 60_000, `operation ${opId} to succeed`);
      const id = String(eventPosition((await row())!));
      for (const s of subs) await s.until((x) => x.data.some((d) => d.events.cursor === id), 10_000);
    }
  });

  it('instanceEvents completes after the instance is destroyed; nothing is left on the engine', async () => {
    const r = await query(t.url, tenant.token, DeprovisionMut, { input: { instanceId } });
    expect(r.deprovisionInstance.__typename).toBe('DeprovisionInstancePayload');
    await lifetime!.ended(60_000);
    expect(lifetime!.error).toBeUndefined();
    expect(lifetime!.completed).toBe(true);
    expect(lifetime!.data.at(-1)?.instanceEvents).toMatchObject({
      type: 'instance.state_changed',
      toState: 'DESTROYED',
    });
    expect(await dockerLeftovers(undefined, localInstanceId)).toEqual([]);
    await eventually(() => t.app.services.events.stats().leases === 0, 5000, 'every stream to let go');
  });
});
