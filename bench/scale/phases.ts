/**
 * The scale row's phases, each against the two running replicas: the
 * supervisor left alone with the fleet, a burst of queued deploys, events to
 * live subscribers, and webhooks to a local receiver.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { appendEvents } from '../../src/db/repositories/event-repository.js';
import type { Replica } from '../soak/replica.js';
import { gql } from '../support.js';
import type { FleetTenant } from './fleet.js';
import type { StatusSample } from './fleet-provider.js';
import type { ReplicaStats } from './replica-main.js';
import type { FromSubscribers, SubscriberSpec, ToSubscribers } from './subscribers-child.js';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What every phase works with. */
export interface ScaleContext {
  database: DatabaseHandle;
  replicas: Replica[];
  fleet: FleetTenant[];
  progress: (line: string) => void;
}

/** Both replicas' counts; their status calls since the last ask. */
export async function askReplicas(replicas: Replica[]): Promise<{ statements: number; samples: StatusSample[] }> {
  const answers = await Promise.all(replicas.map((r) => r.ask<ReplicaStats>({ ask: 'stats' })));
  return {
    statements: answers.reduce((a, s) => a + s.statements, 0),
    samples: answers.flatMap((s) => s.samples),
  };
}

/** The supervisor with the fleet and nothing else, for `ms`: every status call made meanwhile. */
export async function observeFleet(ctx: ScaleContext, ms: number): Promise<StatusSample[]> {
  const samples: StatusSample[] = [];
  const until = Date.now() + ms;
  // Asked every few seconds, so no replica holds a long list of them.
  while (Date.now() < until) {
    await sleep(Math.min(5_000, until - Date.now()));
    samples.push(...(await askReplicas(ctx.replicas)).samples);
  }
  return samples;
}

const DEPLOY = `mutation Deploy($input: DeployInstanceInput!) {
  deployInstance(input: $input) { __typename ... on Error { message } }
}`;

/** How a burst of deploys went. */
export interface BurstResult {
  asked: number;
  /** Mutations answered with something other than the queued deploy. */
  refused: string[];
  /** Seconds from the first deploy queued to the last one ended (database clock). */
  seconds: number;
  succeeded: number;
  byStatus: Record<string, number>;
  submitSeconds: number;
}

/**
 * `count` deploys of a new web image, the fleet's instances taken a few from
 * each tenant, asked through the API of both replicas in turn, 50 at a time;
 * then waits (up to `timeoutMs`) for every operation to end.
 */
export async function deployBurst(ctx: ScaleContext, count: number, timeoutMs: number): Promise<BurstResult> {
  const perTenant = Math.ceil(count / ctx.fleet.length);
  const targets = ctx.fleet
    .flatMap((t) => t.instanceIds.slice(0, perTenant).map((id) => ({ tenant: t, id })))
    .slice(0, count);
  const refused: string[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < targets.length) {
        const i = next++;
        const { tenant, id } = targets[i]!;
        const replica = ctx.replicas[i % ctx.replicas.length]!;
        const input = {
          instanceId: Buffer.from(`Instance:${id}`).toString('base64'),
          services: [{ name: 'web', image: 'team/web:2' }],
        };
        try {
          const r = await gql<{ deployInstance: { __typename: string; message?: string } }>(
            replica.url,
            tenant.token,
            DEPLOY,
            { input },
          );
          if (r.deployInstance.__typename !== 'DeployInstancePayload')
            refused.push(`${r.deployInstance.__typename}: ${r.deployInstance.message}`);
        } catch (err) {
          refused.push((err as Error).message.slice(0, 200));
        }
      }
    }),
  );
  const submitSeconds = (performance.now() - started) / 1000;
  const ids = targets.map((t) => t.id);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await sql<{ n: number }>`
      select count(*)::int as n from operations
      where instance_id = any(${ids}::uuid[]) and kind = 'deploy' and status in ('queued', 'running')`.execute(
      ctx.database.db,
    );
    if ((open.rows[0]?.n ?? 0) === 0 || Date.now() > until) break;
    await sleep(500);
  }
  const rows = await sql<{ status: string; n: number }>`
    select status, count(*)::int as n from operations
    where instance_id = any(${ids}::uuid[]) and kind = 'deploy' group by status`.execute(ctx.database.db);
  const span = await sql<{ seconds: number | null }>`
    select extract(epoch from max(finished_at) - min(created_at))::float8 as seconds from operations
    where instance_id = any(${ids}::uuid[]) and kind = 'deploy'`.execute(ctx.database.db);
  const byStatus: Record<string, number> = {};
  for (const r of rows.rows) byStatus[r.status] = r.n;
  return {
    asked: targets.length,
    refused,
    seconds: span.rows[0]?.seconds ?? Number.NaN,
    succeeded: byStatus.succeeded ?? 0,
    byStatus,
    submitSeconds,
  };
}

/**
 * Appends `count` events at `perSecond`: every 10 ms the events then due
 * (event i is due i / perSecond seconds after the start) commit together in
 * one transaction, up to four transactions at once when commits fall behind.
 * Each event is made by `make`. Resolves to when each committed, by index,
 * and how long the writing took.
 */
export async function writeEvents(
  database: DatabaseHandle,
  count: number,
  perSecond: number,
  make: (i: number) => Parameters<typeof appendEvents>[1][number],
): Promise<{ committedAt: number[]; seconds: number; transactions: number }> {
  const committedAt: number[] = new Array(count);
  const t0 = now();
  let next = 0;
  let transactions = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const due = Math.min(count, Math.floor(((now() - t0) * perSecond) / 1000) + 1);
        if (due <= next) {
          await sleep(10);
          continue;
        }
        const from = next;
        next = due;
        const rows = Array.from({ length: due - from }, (_, k) => make(from + k));
        await database.db.transaction().execute((tx) => appendEvents(tx, rows));
        transactions += 1;
        const at = now();
        for (let i = from; i < due; i++) committedAt[i] = at;
      }
    }),
  );
  return { committedAt, seconds: (now() - t0) / 1000, transactions };
}

/** Events of `type` with the messages `<prefix>-<i>`, the fleet's tenants in turn (see writeEvents). */
function writeTenantEvents(ctx: ScaleContext, count: number, perSecond: number, type: string, prefix: string) {
  const tenants = ctx.fleet;
  return writeEvents(ctx.database, count, perSecond, (i) => ({
    tenant_id: tenants[i % tenants.length]!.id,
    instance_id: null,
    operation_id: null,
    type,
    message: `${prefix}-${i}`,
  }));
}

/** Deliveries to live subscribers: their latencies from commit to receipt, and what went missing. */
export interface FanoutResult {
  subscribers: number;
  connectFailures: string[];
  events: number;
  writeSeconds: number;
  /** Commit-to-receipt milliseconds of every delivery, sorted. */
  latencies: number[];
  expected: number;
  lost: number;
  duplicates: number;
  errors: number;
  /** From the first commit to the last receipt. */
  deliverySeconds: number;
}

/**
 * `perTenant` subscribers on each tenant's `events` feed, alternating
 * replicas, in a child process; then `perSecond` events for `seconds`, spread
 * over the tenants in turn; then waits (up to 30 s) for every subscriber to
 * have them all.
 */
export async function eventFanout(
  ctx: ScaleContext,
  perTenant: number,
  perSecond: number,
  seconds: number,
): Promise<FanoutResult> {
  const child = fork(fileURLToPath(new URL('./subscribers-child.ts', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = async (m: ToSubscribers, ev: FromSubscribers['ev']) => {
    const answer = new Promise<FromSubscribers>((resolve) => {
      const on = (a: FromSubscribers) => {
        if (a.ev !== ev) return;
        child.off('message', on);
        resolve(a);
      };
      child.on('message', on);
    });
    child.send(m);
    return answer;
  };
  try {
    const specs: SubscriberSpec[] = [];
    for (let k = 0; k < perTenant; k++)
      for (const t of ctx.fleet)
        specs.push({ url: ctx.replicas[specs.length % ctx.replicas.length]!.url, token: t.token });
    const query = 'subscription Scale { events(filter: { types: ["bench.scale"] }) { cursor message } }';
    const connected = (await ask({ cmd: 'connect', specs, query }, 'connected')) as { failures: string[] };
    // A subscription is live once the server has read its first page; give them a moment.
    await sleep(2000);
    const count = Math.round(perSecond * seconds);
    const tenants = ctx.fleet;
    ctx.progress(`${specs.length - connected.failures.length} subscribers; ${count} events at ${perSecond}/s`);
    const written = await writeTenantEvents(ctx, count, perSecond, 'bench.scale', 's');
    const perEvent = specs.length / tenants.length - connected.failures.length / tenants.length;
    const expected = Math.round(count * perEvent);
    let got: { receipts: Record<number, number[]>; errors: number } = { receipts: {}, errors: 0 };
    const until = Date.now() + 30_000;
    for (;;) {
      got = (await ask({ cmd: 'collect' }, 'collected')) as typeof got;
      const n = Object.values(got.receipts).reduce((a, l) => a + l.length, 0);
      if (n >= expected || Date.now() > until) break;
      await sleep(1000);
    }
    const latencies: number[] = [];
    let lost = 0;
    let duplicates = 0;
    let last = 0;
    for (let i = 0; i < count; i++) {
      const list = got.receipts[i] ?? [];
      for (const at of list) {
        latencies.push(at - written.committedAt[i]!);
        last = Math.max(last, at);
      }
      lost += Math.max(0, perEvent - list.length);
      duplicates += Math.max(0, list.length - perEvent);
    }
    latencies.sort((a, b) => a - b);
    return {
      subscribers: specs.length - connected.failures.length,
      connectFailures: connected.failures,
      events: count,
      writeSeconds: written.seconds,
      latencies,
      expected,
      lost: Math.round(lost),
      duplicates: Math.round(duplicates),
      errors: got.errors,
      deliverySeconds: (last - written.committedAt[0]!) / 1000,
    };
  } finally {
    await Promise.race([ask({ cmd: 'close' }, 'closed'), sleep(15_000)]);
    child.kill();
  }
}

/** Webhook deliveries: latency from commit to arrival. */
export interface WebhookResult {
  events: number;
  writeSeconds: number;
  latencies: number[];
  missing: number;
  /** The deliveries' rows at the end: how many of each status, attempts and the last error. */
  deliveries: string[];
}

const CREATE_WEBHOOK = `mutation Hook($input: CreateWebhookInput!) {
  createWebhook(input: $input) { __typename ... on Error { message } }
}`;

/**
 * One webhook per tenant (for `bench.hook` events) to a receiver on loopback,
 * made through the API; then `perSecond` events for `seconds`, the tenants in
 * turn; waits (up to 30 s) for every one to arrive.
 */
export async function webhookLatency(ctx: ScaleContext, perSecond: number, seconds: number): Promise<WebhookResult> {
  const arrivals = new Map<number, number>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { data: { message: string } };
      const seq = Number(/^h-(\d+)$/.exec(body.data.message)?.[1]);
      if (Number.isInteger(seq) && !arrivals.has(seq)) arrivals.set(seq, at);
      res.writeHead(204).end();
    });
  });
  receiver.keepAliveTimeout = 30_000;
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    for (const [i, t] of ctx.fleet.entries()) {
      const r = await gql<{ createWebhook: { __typename: string; message?: string } }>(
        ctx.replicas[i % ctx.replicas.length]!.url,
        t.token,
        CREATE_WEBHOOK,
        { input: { url, eventTypes: ['bench.hook'] } },
      );
      if (r.createWebhook.__typename !== 'CreateWebhookPayload')
        throw new Error(`createWebhook: ${r.createWebhook.__typename}: ${r.createWebhook.message}`);
    }
    const count = Math.round(perSecond * seconds);
    const tenants = ctx.fleet;
    const written = await writeTenantEvents(ctx, count, perSecond, 'bench.hook', 'h');
    const until = Date.now() + 30_000;
    while (arrivals.size < count && Date.now() < until) await sleep(250);
    const latencies = [...arrivals].map(([i, at]) => at - written.committedAt[i]!).sort((a, b) => a - b);
    const rows = await sql<{ status: string; attempts: number; n: number; error: string | null }>`
      select status, attempts, count(*)::int as n,
        min(coalesce(last_error, '') || coalesce(' HTTP ' || response_status, '')) as error from webhook_deliveries
      where tenant_id = any(${tenants.map((t) => t.id)}::uuid[]) and event_type = 'bench.hook'
      group by status, attempts order by status, attempts`.execute(ctx.database.db);
    const deliveries = rows.rows.map(
      (r) => `${r.n} ${r.status} after ${r.attempts} attempt(s)${r.error ? ` (${r.error.slice(0, 120)})` : ''}`,
    );
    // Where the time went: from the event to its delivery row (the dispatcher), and from the row to the receiver's answer.
    const split = await sql<{ dispatch50: number; dispatch99: number; deliver50: number; deliver99: number }>`
      select
        percentile_cont(0.5) within group (order by extract(epoch from created_at - event_occurred_at)) * 1000 as dispatch50,
        percentile_cont(0.99) within group (order by extract(epoch from created_at - event_occurred_at)) * 1000 as dispatch99,
        percentile_cont(0.5) within group (order by extract(epoch from delivered_at - created_at)) * 1000 as deliver50,
        percentile_cont(0.99) within group (order by extract(epoch from delivered_at - created_at)) * 1000 as deliver99
      from webhook_deliveries
      where tenant_id = any(${tenants.map((t) => t.id)}::uuid[]) and event_type = 'bench.hook' and delivered_at is not null`.execute(
      ctx.database.db,
    );
    const q = split.rows[0];
    if (q)
      deliveries.push(
        `event to delivery row (the dispatcher) p50 ${Math.round(q.dispatch50)} / p99 ${Math.round(q.dispatch99)} ms, ` +
          `row to delivered (the deliverer) p50 ${Math.round(q.deliver50)} / p99 ${Math.round(q.deliver99)} ms`,
      );
    return { events: count, writeSeconds: written.seconds, latencies, missing: count - arrivals.size, deliveries };
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
}
