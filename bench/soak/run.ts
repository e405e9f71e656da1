/**
 * `npm run soak`: two Wheelhouse replicas on one Postgres of the soak's own,
 * SOAK_INSTANCES (10) instances on the local Docker Engine, SOAK_SECONDS
 * (300) of deploys, scales, rollbacks and restarts, SOAK_SUBSCRIBERS (200)
 * subscribers on `events` and `instanceEvents` spread over both replicas, and
 * readers. In the middle Postgres is restarted once and one replica is
 * killed with SIGKILL and started again. Then it checks, against the
 * database: no operation stuck, none lost, every subscriber given every
 * event of its filter once and in order; and prints read latency and each
 * replica's memory. Exits 1 when an invariant fails. Loopback only; cleans up
 * its containers, processes and Postgres whatever happens.
 *
 * See docs/soak.md for how to read its output.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { createWheelhouseClient, type WheelhouseClient } from '../../src/client/index.js';
import { dockerAvailable, ensureTestImages, TEST_IMAGES } from '../../test/support/docker-images.js';
import {
  checkDeliveries,
  checkOperations,
  type DeliveryResult,
  latestEventId,
  localOf,
  type OperationReport,
  openOperations,
} from './checks.js';
import { leftovers, removeAll } from './docker-objects.js';
import { freePort } from './ports.js';
import { startTempPostgres, type TempPostgres } from './postgres-server.js';
import { Replica } from './replica.js';
import { diagnoseStall } from './stream-diagnostics.js';
import { startSubscribers } from './subscribers.js';
import { ClientRing, operationLoop, type ReadStats, readerLoop, type SubmittedOperation } from './traffic.js';

const num = (name: string, dflt: number) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number`);
  return v;
};
const SECONDS = num('SOAK_SECONDS', 300);
const INSTANCES = num('SOAK_INSTANCES', 10);
const SUBSCRIBERS = num('SOAK_SUBSCRIBERS', 200);
const READERS = num('SOAK_READERS', 4);
/** After the load stops: how long operations may take to end, and subscribers to catch up. */
const GRACE_SECONDS = num('SOAK_GRACE_SECONDS', 90);
/** After the operations have ended: how long subscribers may take to receive the last event. */
const CATCH_UP_SECONDS = num('SOAK_CATCH_UP_SECONDS', 60);
/** How long Postgres and the killed replica stay down. */
const DOWN_SECONDS = num('SOAK_DOWN_SECONDS', 5);

const progress = (msg: string) => process.stderr.write(`soak t+${((Date.now() - T0) / 1000).toFixed(0)}s: ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const T0 = Date.now();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);

/** A fault and when it was in effect (from the action until every replica answered /readyz again). */
interface FaultWindow {
  name: string;
  from: number;
  to: number;
  notes: string[];
}

/** Polls /readyz of every replica until all answer 200; returns the statuses seen on the way. */
async function untilReady(replicas: Replica[], timeoutMs: number): Promise<Set<string>> {
  const seen = new Set<string>();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const statuses = await Promise.all(
      replicas.map(async (r) => {
        try {
          const res = await fetch(r.url.replace(/\/graphql$/, '/readyz'), { signal: AbortSignal.timeout(2000) });
          return String(res.status);
        } catch {
          return 'unreachable';
        }
      }),
    );
    for (const s of statuses) seen.add(s);
    if (statuses.every((s) => s === '200')) return seen;
    if (Date.now() > until) throw new Error(`replicas not ready after ${timeoutMs} ms (${statuses.join(', ')})`);
    await sleep(250);
  }
}

async function restartPostgres(postgres: TempPostgres, replicas: Replica[]): Promise<FaultWindow> {
  const from = Date.now();
  progress('stopping Postgres');
  await postgres.stop();
  // Sample /readyz while the database is away: it should say 503, not hang or crash.
  const during = new Set<string>();
  const downUntil = Date.now() + DOWN_SECONDS * 1000;
  while (Date.now() < downUntil) {
    for (const r of replicas) {
      try {
        const res = await fetch(r.url.replace(/\/graphql$/, '/readyz'), { signal: AbortSignal.timeout(2000) });
        during.add(String(res.status));
      } catch {
        during.add('no answer');
      }
    }
    await sleep(500);
  }
  progress('starting Postgres');
  await postgres.start();
  const up = Date.now();
  await untilReady(replicas, 120_000);
  const to = Date.now();
  return {
    name: `Postgres restarted (down ${((up - from) / 1000).toFixed(1)} s)`,
    from,
    to,
    notes: [
      `/readyz while the database was away: ${[...during].join(', ')}`,
      `every replica ready again ${((to - up) / 1000).toFixed(1)} s after Postgres was back`,
    ],
  };
}

async function killReplica(replica: Replica, all: Replica[]): Promise<FaultWindow> {
  const from = Date.now();
  progress(`SIGKILL ${replica.name}`);
  await replica.kill();
  await sleep(DOWN_SECONDS * 1000);
  progress(`starting ${replica.name} again`);
  const t = Date.now();
  await replica.start();
  await untilReady(all, 120_000);
  const to = Date.now();
  return {
    name: `${replica.name} killed with SIGKILL and started again`,
    from,
    to,
    notes: [
      `${replica.name} ready ${((to - t) / 1000).toFixed(1)} s after its start (listening after ${replica.listeningAfterMs === undefined ? 'n/a' : `${(replica.listeningAfterMs / 1000).toFixed(1)} s`})`,
    ],
  };
}

interface Outcome {
  failures: string[];
  lines: string[];
}

async function soak(cleanups: Array<() => Promise<void>>, workdir: string, outcome: Outcome): Promise<void> {
  const { failures, lines } = outcome;

  if (!(await dockerAvailable())) throw new Error('no Docker Engine answers on the default socket');
  progress('building the test images (if missing)');
  await ensureTestImages();

  progress('initdb and start a Postgres of our own');
  const postgres = await startTempPostgres();
  cleanups.push(() => postgres.destroy());

  const bootstrapToken = `whk_soak_${randomUUID()}`;
  const settings = {
    databaseUrl: postgres.url,
    bootstrapToken,
    dir: workdir,
    env: {
      // The soak is not about the rate limiter: its own load must never be throttled.
      WHEELHOUSE_MUTATION_RATE_LIMIT: '100000',
      WHEELHOUSE_SUPERVISOR_INTERVAL_SECONDS: '30',
    },
  };
  const replicas = [
    new Replica('replica-a', await freePort(), settings),
    new Replica('replica-b', await freePort(), settings),
  ];
  cleanups.push(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
  });
  // Together, as a rollout would: the migrator's lock lets exactly one of them migrate.
  progress(`starting ${replicas.map((r) => `${r.name} on port ${r.port}`).join(' and ')}`);
  await Promise.all(replicas.map((r) => r.start()));

  const clients = replicas.map((r) =>
    createWheelhouseClient({ url: r.url, token: bootstrapToken, webSocketImpl: WebSocket }),
  );
  cleanups.push(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
  });
  const ring = new ClientRing(clients);

  progress(`provisioning ${INSTANCES} instances`);
  const suffix = randomUUID().slice(0, 6);
  const instanceIds: string[] = [];
  cleanups.push(() => teardown(clients, instanceIds, lines, failures));
  await Promise.all(
    Array.from({ length: INSTANCES }, async (_, i) => {
      const { operation, instance } = await clients[i % clients.length]!.provisionAndWait({
        name: `soak-${suffix}-${i}`,
        provider: 'docker',
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [{ name: 'web', image: TEST_IMAGES.web1 }],
      });
      if (instance) instanceIds.push(instance.id);
      if (operation.status !== 'SUCCEEDED')
        throw new Error(`provisioning soak-${suffix}-${i} ended ${operation.status}: ${operation.error?.message}`);
    }),
  );

  const db = new pg.Pool({ connectionString: postgres.url, max: 4 });
  // Postgres restarts under this pool too: a dropped idle client is simply replaced.
  db.on('error', () => {});
  cleanups.push(() => db.end());
  const tenantId = (
    await db.query<{ tenant_id: string }>('select tenant_id from instances where id = $1', [localOf(instanceIds[0]!)])
  ).rows[0]!.tenant_id;
  const after = await latestEventId(db, tenantId);

  progress(`opening ${SUBSCRIBERS} subscribers from event ${after}`);
  const stopSubscribers = new AbortController();
  // Every stream listens on this one signal (hundreds of listeners, on purpose).
  setMaxListeners(0, stopSubscribers.signal);
  const subs = startSubscribers(
    replicas.map((r) => ({ name: r.name, url: r.url })),
    bootstrapToken,
    instanceIds,
    SUBSCRIBERS,
    after,
    stopSubscribers.signal,
  );
  cleanups.push(async () => {
    stopSubscribers.abort();
    await Promise.all(subs.clients.map((c) => c.dispose()));
  });
  await sleep(3000);
  const rssStart = await Promise.all(replicas.map((r) => r.rss()));

  progress(`load for ${SECONDS} s`);
  const loadStart = Date.now();
  const stopAt = loadStart + SECONDS * 1000;
  const drain = new AbortController();
  setMaxListeners(0, drain.signal);
  const drainTimer = setTimeout(() => drain.abort(), (SECONDS + GRACE_SECONDS) * 1000);
  const submitted: SubmittedOperation[] = [];
  const reads: ReadStats = { latencies: [], failures: [], failureSamples: [] };
  const loops = [
    ...instanceIds.map((id) => operationLoop(ring, id, stopAt, submitted, drain.signal)),
    ...Array.from({ length: READERS }, () => readerLoop(ring, instanceIds, submitted, stopAt, reads, drain.signal)),
  ];
  const faults: FaultWindow[] = [];
  // Each fault notes the newest event id before and after it, to place a gap a subscriber reports.
  const placed = async (fault: () => Promise<FaultWindow>) => {
    const before = await latestEventId(db, tenantId);
    const f = await fault();
    f.notes.push(`events ${before}..${await latestEventId(db, tenantId)} were written around it`);
    faults.push(f);
  };
  const faulting = (async () => {
    await sleep(SECONDS * 400);
    await placed(() => restartPostgres(postgres, replicas));
    await sleep(Math.max(0, loadStart + SECONDS * 600 - Date.now()));
    await placed(() => killReplica(replicas[1]!, replicas));
  })();
  await faulting.catch((err: unknown) => {
    failures.push(`a fault could not be carried out or recovered from: ${(err as Error).message}`);
  });
  await Promise.all(loops);
  progress('load stopped; waiting for open operations to end');
  const openUntil = stopAt + GRACE_SECONDS * 1000;
  while ((await openOperations(db, tenantId)) > 0 && Date.now() < openUntil) await sleep(1000);
  clearTimeout(drainTimer);
  const rssEnd = await Promise.all(replicas.map((r) => r.rss()));

  const upTo = await latestEventId(db, tenantId);
  progress(`checking deliveries up to event ${upTo}`);
  const stall: string[] = [];
  const deliveries = await checkDeliveries(
    db,
    tenantId,
    subs.subscribers,
    after,
    upTo,
    CATCH_UP_SECONDS * 1000,
    async (behind) => {
      progress(
        `${behind.length} subscribers still behind after ${CATCH_UP_SECONDS} s; asking the replicas for their streams`,
      );
      stall.push(...(await diagnoseStall(replicas, behind, workdir)));
    },
  );
  const ops = await checkOperations(db, tenantId, submitted);
  const bad = deliveries.filter((d) => !d.ok);
  if (bad.length) {
    // Kept with the replica logs: what each failing subscriber saw and when it reconnected.
    // With the rows of the missing ids, since the database goes with the cleanup.
    const missingIds = [...new Set(bad.flatMap((d) => d.missingIds))].slice(0, 500);
    const rows = (
      await db.query(
        `select id::text, type, instance_id, operation_id, to_state, occurred_at, message
         from events where (xact::text::numeric * 18446744073709551616 + id) = any($1::numeric[])
         order by xact, id`,
        [missingIds],
      )
    ).rows;
    await writeFile(
      join(workdir, 'failed-subscribers.json'),
      JSON.stringify(
        {
          subscribers: bad.map((d) => ({
            ...d,
            missingIds: undefined,
            subscriber: { ...d.subscriber, cursors: undefined },
          })),
          missingEvents: rows,
        },
        null,
        1,
      ),
    );
  }

  report(lines, failures, {
    loadSeconds: (Date.now() - loadStart) / 1000,
    ops,
    submitted,
    deliveries,
    reads,
    faults,
    replicas,
    rssStart,
    rssEnd,
    stall,
  });
}

/** Deprovisions every instance through the API, then counts (and removes) what the engine still holds. */
async function teardown(
  clients: WheelhouseClient[],
  instanceIds: string[],
  lines: string[],
  failures: string[],
): Promise<void> {
  if (instanceIds.length === 0) return;
  progress(`deprovisioning ${instanceIds.length} instances`);
  // Through either replica: one may be the reason the soak is ending early.
  const results = await Promise.allSettled(
    instanceIds.map((id, i) =>
      clients[i % clients.length]!.deprovisionAndWait(
        { instanceId: id },
        { signal: AbortSignal.timeout(60_000) },
      ).catch(() =>
        clients[(i + 1) % clients.length]!.deprovisionAndWait(
          { instanceId: id },
          { signal: AbortSignal.timeout(60_000) },
        ),
      ),
    ),
  );
  const notDone = results.filter((r) => r.status === 'rejected' || r.value.operation.status !== 'SUCCEEDED').length;
  const locals = instanceIds.map(localOf);
  const left = await leftovers(locals);
  lines.push(
    `teardown: ${instanceIds.length - notDone}/${instanceIds.length} deprovisioned; ${left.length} Docker objects left behind${left.length ? ` (${left.slice(0, 5).join(', ')})` : ''}`,
  );
  if (notDone) failures.push(`${notDone} deprovisions did not succeed`);
  if (left.length) failures.push(`teardown left ${left.length} Docker objects`);
  if (left.length) await removeAll(locals);
}

function report(
  lines: string[],
  failures: string[],
  r: {
    loadSeconds: number;
    ops: OperationReport;
    submitted: SubmittedOperation[];
    deliveries: DeliveryResult[];
    reads: ReadStats;
    faults: FaultWindow[];
    replicas: Replica[];
    rssStart: Array<number | undefined>;
    rssEnd: Array<number | undefined>;
    stall: string[];
  },
): void {
  const { ops } = r;
  lines.push(
    `load: ${r.loadSeconds.toFixed(0)} s, ${INSTANCES} instances, ${SUBSCRIBERS} subscribers, ${READERS} readers`,
  );
  for (const f of r.faults) {
    lines.push(
      `fault: ${f.name} at ${new Date(f.from).toISOString().slice(11, 19)}; disturbed for ${((f.to - f.from) / 1000).toFixed(1)} s`,
    );
    for (const n of f.notes) lines.push(`  ${n}`);
  }

  const kinds = [...ops.byKindAndStatus.entries()].sort(([a], [b]) => a.localeCompare(b));
  lines.push(
    `operations: ${ops.total} in the database (${r.submitted.length} asked for by the soak, ${ops.bySupervisor} by the supervisor)`,
  );
  lines.push(`  ${kinds.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  if (ops.failedCodes.size)
    lines.push(`  failed by error code: ${[...ops.failedCodes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
  lines.push(
    `  ${ops.retried} submissions needed a retry (same idempotency key); ${ops.unanswered.total} never got an answer (${ops.unanswered.recorded} of them recorded anyway)` +
      (ops.refused.size ? `; refused: ${[...ops.refused].map(([c, n]) => `${c} ${n}`).join(', ')}` : ''),
  );
  const succeeded = kinds.filter(([k]) => k.endsWith(' succeeded')).reduce((a, [, n]) => a + n, 0);
  check(lines, failures, succeeded > 0, `operations ran (${succeeded} succeeded)`);
  check(
    lines,
    failures,
    ops.stuck.length === 0,
    `none stuck: ${ops.stuck.length} still queued or running ${GRACE_SECONDS} s after the load stopped${
      ops.stuck.length
        ? ` (${ops.stuck
            .slice(0, 5)
            .map((s) => `${s.kind} ${s.id} ${s.status}`)
            .join(', ')})`
        : ''
    }`,
  );
  check(
    lines,
    failures,
    ops.lost.length === 0,
    `none lost: ${ops.lost.length} of ${r.submitted.filter((s) => s.operationId).length} answered operation ids missing from the database${ops.lost.length ? ` (${ops.lost.slice(0, 5).join(', ')})` : ''}`,
  );

  const bad = r.deliveries.filter((d) => !d.ok);
  const delivered = r.deliveries.reduce((a, d) => a + d.received, 0);
  const expected = r.deliveries.reduce((a, d) => a + d.expected, 0);
  const reconnects = r.deliveries.reduce((a, d) => a + d.subscriber.reconnects, 0);
  const errors = r.deliveries.flatMap((d) => d.subscriber.errors);
  check(
    lines,
    failures,
    bad.length === 0 && r.deliveries.length === SUBSCRIBERS,
    `every subscriber got every event once, in order: ${r.deliveries.length - bad.length}/${r.deliveries.length} subscribers; ${delivered}/${expected} deliveries`,
  );
  for (const d of bad.slice(0, 10))
    lines.push(
      `  subscriber ${d.subscriber.index} (${d.subscriber.field}${d.subscriber.instanceId ? ` ${localOf(d.subscriber.instanceId)}` : ''} on ${d.subscriber.replica}): expected ${d.expected}, received ${d.received}, missing ${d.missing} (${d.gaps.join(', ')}), duplicates ${d.duplicates}, out of order ${d.outOfOrder}`,
    );
  lines.push(...r.stall);
  const feeds = r.deliveries.filter((d) => d.subscriber.field === 'events');
  lines.push(
    `  events: ${feeds.length} subscribers × ${feeds[0]?.expected ?? 0} events; instanceEvents: ${r.deliveries.length - feeds.length} subscribers, ${r.deliveries.filter((d) => d.subscriber.field === 'instanceEvents').reduce((a, d) => a + d.expected, 0)} deliveries`,
  );
  lines.push(
    `  streams resumed by the client ${reconnects} times; opened again after an error ${errors.length} times${errors.length ? ` (${[...new Set(errors)].slice(0, 3).join(' | ')})` : ''}`,
  );

  const inFault = (at: number) => r.faults.some((f) => at >= f.from && at <= f.to);
  const all = r.reads.latencies.map((l) => l.ms).sort((a, b) => a - b);
  const calm = r.reads.latencies
    .filter((l) => !inFault(l.at))
    .map((l) => l.ms)
    .sort((a, b) => a - b);
  lines.push(
    `reads: ${all.length} answered, ${r.reads.failures.length} failed (${r.reads.failures.filter((at) => !inFault(at)).length} outside the fault windows)` +
      `; p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${(all.at(-1) ?? Number.NaN).toFixed(0)} ms` +
      `; outside the fault windows p99 ${percentile(calm, 99).toFixed(1)} ms`,
  );
  if (r.reads.failureSamples.length) lines.push(`  e.g. ${r.reads.failureSamples.slice(0, 3).join(' | ')}`);

  r.replicas.forEach((replica, i) => {
    lines.push(
      `memory: ${replica.name} RSS ${mb(r.rssStart[i])} at the start of the load, ${mb(r.rssEnd[i])} at the end${i === 1 ? ' (the restarted process)' : ''}`,
    );
  });
  const crashed = r.replicas.filter((x) => x.unexpectedExits > 0 || x.pid === undefined);
  check(
    lines,
    failures,
    crashed.length === 0,
    `replicas stayed up: ${crashed.length ? crashed.map((x) => x.name).join(', ') : 'both'} ${crashed.length ? 'exited on their own' : 'running at the end'}`,
  );
}

function check(lines: string[], failures: string[], ok: boolean, what: string): void {
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

async function main(): Promise<number> {
  const workdir = await mkdtemp(join(tmpdir(), 'wheelhouse-soak-'));
  const cleanups: Array<() => Promise<void>> = [];
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      for (const c of cleanups.reverse()) {
        await c().catch((err: unknown) => progress(`cleanup step failed: ${(err as Error).message}`));
      }
    })();
    return cleaned;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  const outcome: Outcome = { failures: [], lines: [] };
  try {
    await soak(cleanups, workdir, outcome);
  } catch (err) {
    outcome.failures.push(`the soak could not run: ${(err as Error).stack ?? err}`);
  } finally {
    await cleanup();
  }
  console.log(
    `\nWheelhouse soak, ${new Date().toISOString().slice(0, 16)}Z, ${((Date.now() - T0) / 1000).toFixed(0)} s in all`,
  );
  for (const l of outcome.lines) console.log(l);
  if (outcome.failures.length) {
    console.log(`\nSOAK FAILED (${outcome.failures.length}):`);
    for (const f of outcome.failures) console.log(`  - ${f}`);
    console.log(`replica logs kept in ${workdir}`);
    return 1;
  }
  await rm(workdir, { recursive: true, force: true });
  console.log('\nsoak passed');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
