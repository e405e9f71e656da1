/**
 * Outbound webhooks: sustained deliveries per second to a receiver on
 * loopback (a backlog of events, four webhooks), beside bare keep-alive POSTs
 * of the same bodies at the same concurrency; and the latency from an event's
 * commit to its arrival at the receiver, p50 and p99, at 100 events/s to one
 * webhook (goal: p99 ≤ 1 s).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Principal } from '../../src/control/scopes.js';
import { appendEvents } from '../../src/db/repositories/event-repository.js';
import { createLogger } from '../../src/logger.js';
import { type BenchRow, dropTenant, fmt, openBenchDatabase, ratio, seconds } from '../support.js';

const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 1_000);
const WEBHOOKS = 4;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
}

export async function webhookRows(): Promise<BenchRow[]> {
  const arrivals = new Map<string, number>();
  let count = 0;
  let onArrival: (() => void) | undefined;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { data: { message: string } };
      if (!arrivals.has(body.data.message)) arrivals.set(body.data.message, performance.now());
      count += 1;
      res.writeHead(204).end();
      onArrival?.();
    });
  });
  receiver.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const until = (n: number, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${arrivals.size} of ${n} arrived`)), timeoutMs);
      onArrival = () => {
        if (arrivals.size >= n) {
          clearTimeout(timer);
          resolve();
        }
      };
      onArrival();
    });

  const database = await openBenchDatabase();
  const base = await loadConfig({ PORT: '0', HOST: '127.0.0.1', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-bench' });
  const app = await buildApp({
    config: {
      ...base,
      logLevel: 'silent',
      runSupervisor: false,
      webhooks: { ...base.webhooks, allowPrivate: true },
    },
    logger: createLogger('silent'),
    database,
    announce: () => {},
  });
  await app.start();
  const tenant = await app.services.tenants.ensure(`bench-hooks-${randomUUID().slice(0, 8)}`);
  const admin: Principal = { tenantId: tenant.id, tokenId: randomUUID(), scopes: new Set(['admin']) };
  const event = (message: string) => ({
    tenant_id: tenant.id,
    instance_id: null,
    operation_id: null,
    type: 'bench.event',
    message,
  });
  const notes: string[] = [];
  try {
    // Latency: one webhook, 100 events/s, each its own transaction; from its commit to its arrival.
    const one = await app.services.webhooks.create(admin, { url });
    const n = 100 * seconds();
    const committed = new Map<string, number>();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const wait = t0 + i * 10 - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const m = `lat-${i}`;
      await database.db.transaction().execute((trx) => appendEvents(trx, [event(m)]));
      committed.set(m, performance.now());
    }
    await until(n, 60_000);
    const latencies = [...committed].map(([m, at]) => (arrivals.get(m) ?? Number.NaN) - at);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    notes.push(
      `latency: ${n} events at 100/s to one webhook; p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms, max ${fmt(Math.max(...latencies))} ms`,
    );
    await app.services.webhooks.delete(admin, one.webhook.id);

    // Throughput: a backlog of events, four webhooks (four attempts in flight each).
    arrivals.clear();
    count = 0;
    for (let i = 0; i < WEBHOOKS; i++) await app.services.webhooks.create(admin, { url });
    const started = performance.now();
    for (let i = 0; i < BACKLOG; i += 500) {
      const batch = Array.from({ length: Math.min(500, BACKLOG - i) }, (_, j) => event(`tp-${i + j}`));
      await database.db.transaction().execute((trx) => appendEvents(trx, batch));
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${count} of ${BACKLOG * WEBHOOKS} deliveries`)), 600_000);
      onArrival = () => {
        if (count >= BACKLOG * WEBHOOKS) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    const perSecond = (BACKLOG * WEBHOOKS) / ((performance.now() - started) / 1000);

    // Baseline: the same number of POSTs of a similar body, keep-alive, at the same concurrency (16).
    const agent = new http.Agent({ keepAlive: true });
    const body = JSON.stringify({ type: 'bench.event', timestamp: new Date().toISOString(), data: { message: 'x' } });
    let sent = 0;
    const b0 = performance.now();
    await Promise.all(
      Array.from({ length: WEBHOOKS * 4 }, async () => {
        while (sent < BACKLOG * WEBHOOKS) {
          sent += 1;
          await new Promise<void>((resolve, reject) => {
            const req = http.request(
              url,
              { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
              (res) => {
                res.resume();
                res.on('end', resolve);
              },
            );
            req.on('error', reject);
            req.end(body);
          });
        }
      }),
    );
    const barePerSecond = (BACKLOG * WEBHOOKS) / ((performance.now() - b0) / 1000);
    agent.destroy();
    notes.push(
      `throughput: ${BACKLOG} events × ${WEBHOOKS} webhooks = ${BACKLOG * WEBHOOKS} deliveries from a backlog; ${fmt(perSecond, 0)}/s (bare POSTs: ${fmt(barePerSecond, 0)}/s)`,
    );
    return [
      {
        figure: 'webhook deliveries/s, backlog, 4 webhooks to one loopback receiver',
        value: fmt(perSecond, 0),
        baseline: `${fmt(barePerSecond, 0)} (bare keep-alive POSTs)`,
        ratio: ratio(perSecond / barePerSecond),
        goal: 'reported',
        met: undefined,
        notes,
      },
      {
        figure: 'webhook latency, event commit to arrival, at 100 events/s (p50 / p99 ms)',
        value: `${fmt(p50)} / ${fmt(p99)}`,
        baseline: '',
        ratio: '',
        goal: 'p99 ≤ 1000 ms',
        met: p99 <= 1000,
      },
    ];
  } finally {
    onArrival = undefined;
    await app.stop();
    await dropTenant(database, tenant.id);
    await database.close();
    await new Promise<void>((r) => receiver.close(() => r()));
  }
}
