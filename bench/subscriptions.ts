/**
 * Subscription fan-out benchmark: `npm run bench:subscriptions`.
 *
 * One tenant feed (`events(filter: { types: ["bench.tick"] })`) watched by N
 * graphql-ws subscribers, N = 1,000 then 5,000, while events are appended at
 * a fixed rate through appendEvents (the same path the control plane writes
 * by). Latency is measured from the commit (the writing transaction has
 * returned) to receipt by the client. The baseline is the same payload,
 * for the same events from the same hub, broadcast with the bare `ws`
 * library to as many raw sockets: the difference is what GraphQL and
 * graphql-ws cost. Also: server memory per idle subscriber (heap and RSS
 * delta after a forced GC, divided by N).
 *
 * The server (and the event writer) run in this process; the clients run in
 * a child process so they do not compete for this event loop. Loopback only.
 * Environment: BENCH_DATABASE_URL selects Postgres (default: in-memory
 * PGlite); BENCH_RATE (events/s, default 2); BENCH_WARMUP_EVENTS (published
 * before each phase's measured ones and not counted, default 3); BENCH_SECONDS (per phase,
 * default 8); BENCH_SIZES (default "1000,5000"); BENCH_MODES (default
 * "graphql,ws").
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { WebSocket, WebSocketServer } from 'ws';
import { closeSockets } from './sockets.js';

const now = () => performance.timeOrigin + performance.now();
const QUERY =
  'subscription Bench { events(filter: { types: ["bench.tick"] }) { id cursor type message occurredAt data } }';

// ---------------------------------------------------------------- client process

type ToClient =
  | { cmd: 'connect'; mode: 'graphql' | 'ws'; url: string; tokens: string[]; n: number }
  | { cmd: 'collect' }
  | { cmd: 'close' };
type FromClient =
  | { ev: 'connected'; failures: number }
  | { ev: 'collected'; receipts: Record<number, number[]>; errors: number }
  | { ev: 'closed' };

async function clientMain(): Promise<void> {
  let sockets: WebSocket[] = [];
  let receipts: Record<number, number[]> = {};
  let errors = 0;
  const send = (m: FromClient) => process.send?.(m);
  const onData = (raw: WebSocket.RawData) => {
    const at = now();
    const msg = JSON.parse(raw.toString()) as {
      type: string;
      payload?: { data?: { events?: { data?: { seq?: number } } } };
    };
    if (msg.type === 'next') {
      const seq = msg.payload?.data?.events?.data?.seq;
      if (typeof seq === 'number') {
        const list = receipts[seq] ?? [];
        list.push(at);
        receipts[seq] = list;
      } else errors++;
    } else if (msg.type === 'error') errors++;
  };
  const open = (mode: 'graphql' | 'ws', url: string, token: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, mode === 'graphql' ? 'graphql-transport-ws' : undefined, {
        perMessageDeflate: false,
      });
      const timer = setTimeout(() => reject(new Error('connect timeout')), 30_000);
      ws.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      ws.once('open', () => {
        if (mode === 'ws') {
          clearTimeout(timer);
          ws.on('message', onData);
          return resolve(ws);
        }
        ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
        ws.once('message', (raw) => {
          const m = JSON.parse(raw.toString()) as { type: string };
          clearTimeout(timer);
          if (m.type !== 'connection_ack') return reject(new Error(`no ack: ${raw.toString()}`));
          ws.on('message', onData);
          ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: QUERY } }));
          resolve(ws);
        });
      });
    });
  process.on('message', async (m: ToClient) => {
    if (m.cmd === 'connect') {
      receipts = {};
      errors = 0;
      let failures = 0;
      // In waves, so the accept backlog never overflows.
      for (let i = 0; i < m.n; i += 250) {
        const wave = Array.from({ length: Math.min(250, m.n - i) }, (_, k) =>
          open(m.mode, m.url, m.tokens[(i + k) % m.tokens.length]!).then(
            (ws) => sockets.push(ws),
            () => failures++,
          ),
        );
        await Promise.all(wave);
      }
      send({ ev: 'connected', failures });
    } else if (m.cmd === 'collect') {
      send({ ev: 'collected', receipts, errors });
    } else if (m.cmd === 'close') {
      await closeSockets(sockets);
      sockets = [];
      send({ ev: 'closed' });
    }
  });
}

// ---------------------------------------------------------------- server process

function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

interface PhaseResult {
  mode: 'graphql' | 'ws';
  n: number;
  events: number;
  expected: number;
  received: number;
  lost: number;
  p50: number;
  p99: number;
  max: number;
  heapPerSubKb: number;
  rssPerSubKb: number;
  connectSeconds: number;
  /** Server CPU (user + system) per delivered message, µs, over the publishing window. */
  cpuPerDeliveryUs: number;
  failures: number;
  errors: number;
}

async function serverMain(): Promise<void> {
  const gc = exposeGc();
  const rate = Number(process.env.BENCH_RATE ?? 2);
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const warmup = Number(process.env.BENCH_WARMUP_EVENTS ?? 3);
  const sizes = (process.env.BENCH_SIZES ?? '1000,5000').split(',').map(Number);
  const modes = (process.env.BENCH_MODES ?? 'graphql,ws').split(',') as ('graphql' | 'ws')[];
  const benchStarted = Date.now();

  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/config.js');
  const { createLogger } = await import('../src/logger.js');
  const { openDatabase } = await import('../src/db/connect.js');
  const { migrateToLatest } = await import('../src/db/migrator.js');
  const { appendEvents } = await import('../src/db/repositories/event-repository.js');
  const { STREAM_LIMITS } = await import('../src/control/streams/stream-limits.js');

  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(
    url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: 'memory://' },
  );
  await migrateToLatest(database.db);
  const base = await loadConfig({ PORT: '0', HOST: '127.0.0.1', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-bench' });
  const bootstrap = `whk_bench_${randomUUID()}`;
  const config = { ...base, logLevel: 'silent', runWorker: false, bootstrapToken: bootstrap } as typeof base;
  const app = await buildApp({ config, logger: createLogger('silent'), database, announce: () => {} });
  const { url: httpUrl } = await app.start();
  const gqlUrl = httpUrl.replace(/^http/, 'ws');
  const tenant = await app.services.tenants.ensure(`bench-${randomUUID().slice(0, 8)}`);
  const maxN = Math.max(...sizes);
  const tokens: string[] = [];
  for (let i = 0; i < Math.ceil(maxN / STREAM_LIMITS.perToken); i++) {
    const secret = `whk_bench_${randomUUID()}`;
    await app.services.tokens.ensureToken(tenant.id, `bench ${i}`, secret, ['read']);
    tokens.push(secret);
  }

  // The bare-ws baseline: the same hub, the same events, the same payload, no GraphQL.
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await once(wss, 'listening');
  const wsUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const raw = app.services.events.stream({ tenantId: tenant.id, types: ['bench.tick'] }, undefined);
  void (async () => {
    for await (const e of raw) {
      if (wss.clients.size === 0) continue;
      const payload = JSON.stringify({
        id: '1',
        type: 'next',
        payload: {
          data: {
            events: {
              id: Buffer.from(`Event:${e.id}`).toString('base64'),
              cursor: e.id,
              type: e.type,
              message: e.message,
              occurredAt: e.occurredAt.toISOString(),
              data: e.data,
            },
          },
        },
      });
      for (const c of wss.clients) c.send(payload);
    }
  })();

  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--bench-client'], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <E extends FromClient['ev']>(m: ToClient, ev: E) =>
    new Promise<Extract<FromClient, { ev: E }>>((resolve) => {
      const on = (r: FromClient) => {
        if (r.ev === ev) {
          child.off('message', on);
          resolve(r as Extract<FromClient, { ev: E }>);
        }
      };
      child.on('message', on);
      child.send(m);
    });

  let seq = 0;
  const committed = new Map<number, number>();
  const settle = async (ms: number) => new Promise((r) => setTimeout(r, ms));
  const memory = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return { heap: m.heapUsed, rss: m.rss };
  };

  async function phase(mode: 'graphql' | 'ws', n: number): Promise<PhaseResult> {
    await settle(300);
    const before = memory();
    const started = now();
    const { failures } = await ask(
      { cmd: 'connect', mode, url: mode === 'graphql' ? gqlUrl : wsUrl, tokens, n },
      'connected',
    );
    if (mode === 'graphql') {
      const deadline = Date.now() + 30_000;
      while (app.services.events.stats().streams < n + 1 - failures && Date.now() < deadline) await settle(50);
    }
    const connectSeconds = (now() - started) / 1000;
    await settle(1000);
    const idle = memory();
    const count = Math.max(1, n - failures);
    const heapPerSubKb = (idle.heap - before.heap) / count / 1024;
    const rssPerSubKb = (idle.rss - before.rss) / count / 1024;

    const interval = 1000 / rate;
    const publish = async () => {
      const s = ++seq;
      await database.db.transaction().execute(async (tx) => {
        await appendEvents(tx, [
          { tenant_id: tenant.id, type: 'bench.tick', message: `tick ${s}`, data: JSON.stringify({ seq: s }) },
        ]);
      });
      committed.set(s, now());
    };
    // Warm-up events, not counted, in both modes: the first events a server delivers run code that is not
    // compiled yet (three times the steady latency for the first graphql-ws events of a fresh process).
    for (let i = 0; i < warmup; i++) {
      await publish();
      await settle(interval);
    }
    await settle(1000);

    // Publish at a fixed rate: one event per tick, each in its own transaction.
    const first = seq + 1;
    const total = Math.round(rate * seconds);
    const cpu0 = process.cpuUsage();
    const t0 = now();
    for (let i = 0; i < total; i++) {
      const due = t0 + i * interval;
      const wait = due - now();
      if (wait > 0) await settle(wait);
      await publish();
    }
    // Let stragglers arrive.
    const drainUntil = Date.now() + 15_000;
    let result = await ask({ cmd: 'collect' }, 'collected');
    const expectedPer = count;
    const complete = () => {
      for (let s = first; s <= seq; s++) if ((result.receipts[s]?.length ?? 0) < expectedPer) return false;
      return true;
    };
    while (!complete() && Date.now() < drainUntil) {
      await settle(250);
      result = await ask({ cmd: 'collect' }, 'collected');
    }
    const cpu = process.cpuUsage(cpu0);
    const latencies: number[] = [];
    let received = 0;
    for (let s = first; s <= seq; s++) {
      const at = committed.get(s)!;
      for (const r of result.receipts[s] ?? []) {
        latencies.push(Math.max(0, r - at));
        received++;
      }
    }
    latencies.sort((a, b) => a - b);
    await ask({ cmd: 'close' }, 'closed');
    if (mode === 'graphql') {
      const deadline = Date.now() + 10_000;
      while (app.services.events.stats().streams > 1 && Date.now() < deadline) await settle(50);
    }
    const expected = expectedPer * total;
    return {
      mode,
      n,
      events: total,
      expected,
      received,
      lost: expected - received,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      heapPerSubKb,
      rssPerSubKb,
      connectSeconds,
      cpuPerDeliveryUs: (cpu.user + cpu.system) / Math.max(1, received),
      failures,
      errors: result.errors,
    };
  }

  const results: PhaseResult[] = [];
  console.log(
    `subscription fan-out: ${url ? 'Postgres' : 'PGlite (in-memory)'}, ${rate} events/s for ${seconds} s per phase, ` +
      `server in pid ${process.pid}, clients in pid ${child.pid}`,
  );
  for (const n of sizes) {
    for (const mode of modes) {
      const r = await phase(mode, n);
      results.push(r);
      console.log(
        `  ${String(n).padStart(5)} ${mode === 'graphql' ? 'graphql-ws' : 'bare ws   '}  ` +
          `received ${r.received}/${r.expected} (lost ${r.lost})  ` +
          `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  max ${r.max.toFixed(1)} ms  ` +
          `cpu ${r.cpuPerDeliveryUs.toFixed(0)} µs/delivery  idle: ${r.heapPerSubKb.toFixed(1)} KB heap, ${r.rssPerSubKb.toFixed(1)} KB RSS per subscriber  ` +
          `(connected in ${r.connectSeconds.toFixed(1)} s${r.failures ? `, ${r.failures} failed` : ''}${r.errors ? `, ${r.errors} errors` : ''})`,
      );
    }
  }

  console.log('\nsummary');
  console.log('  N      transport    p50 ms   p99 ms   max ms   lost   heap KB/sub  RSS KB/sub');
  for (const r of results) {
    console.log(
      `  ${String(r.n).padEnd(6)} ${(r.mode === 'graphql' ? 'graphql-ws' : 'bare ws').padEnd(11)} ` +
        `${r.p50.toFixed(1).padStart(7)}  ${r.p99.toFixed(1).padStart(7)}  ${r.max.toFixed(1).padStart(7)}  ` +
        `${String(r.lost).padStart(5)}   ${r.heapPerSubKb.toFixed(1).padStart(10)}  ${r.rssPerSubKb.toFixed(1).padStart(10)}`,
    );
  }
  for (const n of sizes) {
    const g = results.find((r) => r.n === n && r.mode === 'graphql');
    const w = results.find((r) => r.n === n && r.mode === 'ws');
    if (!g || !w) continue;
    const ok = g.p99 <= 2 * w.p99 && g.lost === 0 && g.heapPerSubKb < 30;
    console.log(
      `  N=${n}: p99 ratio graphql-ws / bare ws = ${(g.p99 / w.p99).toFixed(2)}x; lost ${g.lost}; ` +
        `${g.heapPerSubKb.toFixed(1)} KB heap (${g.rssPerSubKb.toFixed(1)} KB RSS) per idle subscriber` +
        `  [goal: ≤ 2x, 0 lost, < 30 KB: ${ok ? 'met' : 'not met'}]`,
    );
  }
  console.log(`  total ${((Date.now() - benchStarted) / 1000).toFixed(0)} s`);
  // For `npm run bench`, which runs this file as a child and reads its results from this line.
  console.log(`BENCH_RESULTS ${JSON.stringify(results)}`);

  child.kill();
  raw.close();
  await new Promise<void>((r) => wss.close(() => r()));
  await app.stop();
  await database.close();
}

if (process.argv.includes('--bench-client')) {
  void clientMain();
} else {
  serverMain().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
