import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProvisionInstanceDocument, ViewerDocument } from '../../src/client/index.js';
import { OperationSignal } from '../../src/control/operation-signal.js';
import { createLogger } from '../../src/logger.js';
import { Registry } from '../../src/providers/registry.js';
import { Supervisor } from '../../src/worker/supervisor.js';
import { execute, localIdOf, query, startTestApp, type TestApp, type TestTenant, wsClient } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';
import { declares, itWithPromtool, promtoolCheck, sampleOf } from '../support/metrics-text.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function scrape(url: string, token?: string): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

describe('/metrics on the API port, behind a SYSTEM token', () => {
  let t: TestApp;
  let system: TestTenant;
  let metricsUrl: string;
  const fake = new FakeProvider({ latencyMs: { provision: 20 } });
  const key = `fake-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(key, fake);
    t = await startTestApp({ registry, executor: { pollMs: 100 } });
    system = await t.newTenant();
    metricsUrl = t.url.replace(/\/graphql$/, '/metrics');
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('refuses a scrape without a token (401) and with a token lacking SYSTEM (403)', async () => {
    const none = await scrape(metricsUrl);
    expect(none.status).toBe(401);
    expect(none.text).not.toContain('wheelhouse_');
    const reader = await t.newTenant(['read']);
    const forbidden = await scrape(metricsUrl, reader.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.text).not.toContain('wheelhouse_');
  });

  it('counts a request and an operation, with their latencies, the provider call and the queue, after they happen', async () => {
    const before = await scrape(metricsUrl, system.token);
    expect(before.status).toBe(200);
    expect(before.type).toContain('text/plain');

    expect((await query(t.url, system.token, ViewerDocument, {})).viewer.scopes.length).toBeGreaterThan(0);
    const provisioned = await query(t.url, system.token, ProvisionInstanceDocument, {
      input: {
        name: `m-${randomUUID().slice(0, 8)}`,
        provider: key,
        services: [{ name: 'web', image: 'a/b:1' }],
        wait: true,
      },
    });
    if (provisioned.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error('not provisioned');
    expect(provisioned.provisionInstance.operation.status).toBe('SUCCEEDED');
    // A request the server refuses before execution (no token).
    expect((await execute(t.url, undefined, ViewerDocument, {})).status).toBe(401);

    const after = await scrape(metricsUrl, system.token);
    const delta = (name: string, labels: Record<string, string>) =>
      sampleOf(after.text, name, labels) - sampleOf(before.text, name, labels);
    const viewer = { operation: 'Viewer', kind: 'query', outcome: 'ok' };
    expect(delta('wheelhouse_graphql_requests_total', viewer)).toBe(1);
    expect(delta('wheelhouse_graphql_request_duration_seconds_count', viewer)).toBe(1);
    expect(
      delta('wheelhouse_graphql_requests_total', { operation: 'ProvisionInstance', kind: 'mutation', outcome: 'ok' }),
    ).toBe(1);
    expect(delta('wheelhouse_graphql_requests_total', { operation: 'Viewer', kind: 'none', outcome: 'refused' })).toBe(
      1,
    );
    const succeeded = { kind: 'provision', outcome: 'succeeded' };
    expect(delta('wheelhouse_operations_total', succeeded)).toBe(1);
    expect(delta('wheelhouse_operation_duration_seconds_count', succeeded)).toBe(1);
    // The fake takes 20 ms to provision: the recorded duration is at least that.
    expect(delta('wheelhouse_operation_duration_seconds_sum', succeeded)).toBeGreaterThanOrEqual(0.02);
    const call = { provider: key, call: 'provision', outcome: 'ok' };
    expect(delta('wheelhouse_provider_calls_total', call)).toBe(1);
    expect(delta('wheelhouse_provider_call_duration_seconds_count', call)).toBe(1);
    expect(delta('wheelhouse_provider_calls_total', { provider: key, call: 'status', outcome: 'ok' })).toBeGreaterThan(
      0,
    );
    expect(sampleOf(after.text, 'wheelhouse_database_up')).toBe(1);
    for (const gauge of [
      'wheelhouse_operations_queued',
      'wheelhouse_operations_running',
      'wheelhouse_operations_expired_leases',
      'wheelhouse_operations_oldest_queued_seconds',
      'wheelhouse_operations_oldest_running_seconds',
      'wheelhouse_subscriptions_open',
      'wheelhouse_supervisor_recoveries_total',
      'process_resident_memory_bytes',
    ])
      expect(declares(after.text, gauge), gauge).toBe(true);
  });

  it('counts provider failures by error kind', async () => {
    const before = await scrape(metricsUrl, system.token);
    fake.failNext('provision', 'unavailable', 'the fake is away');
    const r = await query(t.url, system.token, ProvisionInstanceDocument, {
      input: {
        name: `m-${randomUUID().slice(0, 8)}`,
        provider: key,
        services: [{ name: 'web', image: 'a/b:1' }],
        wait: true,
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error('not provisioned');
    expect(r.provisionInstance.operation.status).toBe('FAILED');
    const after = await scrape(metricsUrl, system.token);
    const failed = { provider: key, call: 'provision', outcome: 'error', error_kind: 'unavailable' };
    expect(sampleOf(after.text, 'wheelhouse_provider_calls_total', failed)).toBe(
      sampleOf(before.text, 'wheelhouse_provider_calls_total', failed) + 1,
    );
    const op = { kind: 'provision', outcome: 'failed' };
    expect(sampleOf(after.text, 'wheelhouse_operations_total', op)).toBe(
      sampleOf(before.text, 'wheelhouse_operations_total', op) + 1,
    );
  });

  it('shows the queue as it is at the scrape: a queued operation, and its age', async () => {
    // No executor claims for this provider key on this app: the operation stays queued.
    const idle = new FakeProvider();
    const idleKey = `idle-${randomUUID().slice(0, 8)}`;
    const registry = new Registry();
    registry.register(idleKey, idle);
    const noWorker = await startTestApp({ registry, database: t.database, config: { runWorker: false } });
    try {
      const tenant = await noWorker.newTenant();
      const before = await scrape(metricsUrl, system.token);
      const r = await query(noWorker.url, tenant.token, ProvisionInstanceDocument, {
        input: {
          name: `q-${randomUUID().slice(0, 8)}`,
          provider: idleKey,
          services: [{ name: 'web', image: 'a/b:1' }],
        },
      });
      expect(r.provisionInstance.__typename).toBe('ProvisionInstancePayload');
      await sleep(1100);
      const after = await scrape(metricsUrl, system.token);
      expect(sampleOf(after.text, 'wheelhouse_operations_queued')).toBe(
        sampleOf(before.text, 'wheelhouse_operations_queued') + 1,
      );
      expect(sampleOf(after.text, 'wheelhouse_operations_oldest_queued_seconds')).toBeGreaterThanOrEqual(1);
    } finally {
      await noWorker.stop();
    }
  });

  it('counts open subscriptions while they are open, and the supervisor recoveries it queues', async () => {
    const client = wsClient(t.wsUrl, system.token);
    const seen: unknown[] = [];
    const dispose = client.subscribe(
      { query: 'subscription MetricsWatch { events { cursor } }' },
      { next: (r) => void seen.push(r), error: () => {}, complete: () => {} },
    );
    try {
      let open = 0;
      for (let i = 0; i < 100 && open < 1; i++) {
        open = sampleOf((await scrape(metricsUrl, system.token)).text, 'wheelhouse_subscriptions_open');
        if (open < 1) await sleep(50);
      }
      expect(open).toBeGreaterThanOrEqual(1);
      const text = (await scrape(metricsUrl, system.token)).text;
      expect(
        sampleOf(text, 'wheelhouse_graphql_requests_total', {
          operation: 'MetricsWatch',
          kind: 'subscription',
          outcome: 'ok',
        }),
      ).toBe(1);
    } finally {
      dispose();
      await client.dispose();
    }

    // A running instance the provider reports failed: the supervisor queues a recovery.
    const r = await query(t.url, system.token, ProvisionInstanceDocument, {
      input: {
        name: `s-${randomUUID().slice(0, 8)}`,
        provider: key,
        services: [{ name: 'web', image: 'a/b:1' }],
        wait: true,
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error('not provisioned');
    const before = await scrape(metricsUrl, system.token);
    const registry = new Registry();
    registry.register(key, fake);
    const supervisor = new Supervisor({
      db: t.database.db,
      registry,
      signal: new OperationSignal(),
      logger: createLogger('silent'),
    });
    fake.readiness = 'failed';
    try {
      await supervisor.reconcile(localIdOf(r.provisionInstance.instance.id));
    } finally {
      fake.readiness = 'ready';
    }
    const after = await scrape(metricsUrl, system.token);
    expect(sampleOf(after.text, 'wheelhouse_supervisor_recoveries_total')).toBe(
      sampleOf(before.text, 'wheelhouse_supervisor_recoveries_total') + 1,
    );
  });

  itWithPromtool('passes `promtool check metrics` with no warning, after real work', async (promtool) => {
    // Real work first, so promtool lints samples with their labels, not only declarations:
    // requests, an operation that succeeds and one that fails (provider calls ok and in error),
    // and a subscription open while the scrape is taken.
    const client = wsClient(t.wsUrl, system.token);
    const dispose = client.subscribe(
      { query: 'subscription LintWatch { events { cursor } }' },
      { next: () => {}, error: () => {}, complete: () => {} },
    );
    try {
      const provision = () =>
        query(t.url, system.token, ProvisionInstanceDocument, {
          input: {
            name: `l-${randomUUID().slice(0, 8)}`,
            provider: key,
            services: [{ name: 'web', image: 'a/b:1' }],
            wait: true,
          },
        });
      const ok = await provision();
      if (ok.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error('not provisioned');
      expect(ok.provisionInstance.operation.status).toBe('SUCCEEDED');
      fake.failNext('provision', 'unavailable', 'the fake is away');
      const failed = await provision();
      if (failed.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error('not provisioned');
      expect(failed.provisionInstance.operation.status).toBe('FAILED');
      let text = '';
      for (let i = 0; i < 100; i++) {
        text = (await scrape(metricsUrl, system.token)).text;
        if (sampleOf(text, 'wheelhouse_subscriptions_open') >= 1) break;
        await sleep(50);
      }
      expect(sampleOf(text, 'wheelhouse_subscriptions_open')).toBeGreaterThanOrEqual(1);
      expect(sampleOf(text, 'wheelhouse_operations_total', { kind: 'provision', outcome: 'failed' })).toBeGreaterThan(
        0,
      );
      expect(
        sampleOf(text, 'wheelhouse_provider_calls_total', {
          provider: key,
          outcome: 'error',
          error_kind: 'unavailable',
        }),
      ).toBeGreaterThan(0);
      // Node's process metrics are still there (the per-type handle, request and resource gauges too),
      // without the three gauges prom-client names like counters.
      for (const name of [
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
        'process_open_fds',
        'process_start_time_seconds',
        'nodejs_eventloop_lag_seconds',
        'nodejs_active_handles',
        'nodejs_active_requests',
        'nodejs_active_resources',
        'nodejs_heap_size_used_bytes',
        'nodejs_gc_duration_seconds',
        'nodejs_version_info',
      ])
        expect(declares(text, name), name).toBe(true);
      const check = await promtoolCheck(promtool, text);
      expect(check).toEqual({ code: 0, output: '' });
    } finally {
      dispose();
      await client.dispose();
    }
  });
});

describe('/metrics on a port of its own (WHEELHOUSE_METRICS_PORT)', () => {
  let t: TestApp;
  let metricsUrl = '';
  beforeAll(async () => {
    t = await startTestApp({ config: { metricsPort: 0 } });
    metricsUrl = t.metricsUrl ?? '';
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('serves it there without a token, and not on the API port', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl).port).not.toBe(new URL(t.url).port);
    const open = await scrape(metricsUrl);
    expect(open.status).toBe(200);
    expect(declares(open.text, 'wheelhouse_graphql_requests_total')).toBe(true);
    const tenant = await t.newTenant();
    const onApi = await scrape(t.url.replace(/\/graphql$/, '/metrics'), tenant.token);
    expect(onApi.status).toBe(404);
  });
});
