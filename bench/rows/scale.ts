/**
 * The scale envelope (issue 38): two Wheelhouse replicas on one Postgres,
 * serving a fleet of 10,000 instances across 100 tenants on the
 * fleet fake (bench/scale/fleet-provider.ts, a fake of our Provider), each
 * figure from the replicas' own loops:
 *
 * - the supervisor alone with the fleet: the time between two observations of
 *   an instance, p50 / p99, against its interval;
 * - a burst of 2,000 deploys asked through the API: operations ended per second;
 * - 1,000 live `events` subscribers (ten per tenant) while 1,000 events/s are
 *   committed: commit-to-receipt p50 / p99 and deliveries lost;
 * - one webhook per tenant at 100 events/s: commit-to-arrival p99;
 * - each replica's RSS, at its peak, against its idle RSS after the start;
 * - statements per second: counted in the replicas' pools, and Postgres'
 *   transactions (pg_stat_database; pg_stat_statements is not preloaded here).
 *
 * On a Postgres server of its own (bench/soak/postgres-server.ts), unless
 * BENCH_SCALE_DATABASE_URL names one: the event log reads up to the oldest
 * transaction still open anywhere on the server (its horizon is the
 * cluster's), so a neighbour's long transaction on a shared server delays
 * every event and webhook here, and its statements would count as ours.
 *
 * Not in a plain `npm run bench` (it takes minutes): `npm run bench -- --only scale`.
 * BENCH_SCALE_* set the sizes for a quick local run (see KNOBS); the defaults are the issue's.
 * BENCH_SCALE_EXECUTOR_CONCURRENCY runs each replica's executor with that many operations at
 * once instead of the server's default (an experiment: what bounds the deploy burst).
 */

import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dropFleet, type FleetTenant, seedFleet, spreadObservations } from '../scale/fleet.js';
import { observationGaps, percentile, transactionsSoFar } from '../scale/measures.js';
import {
  askReplicas,
  deployBurst,
  eventFanout,
  observeFleet,
  type ScaleContext,
  webhookLatency,
} from '../scale/phases.js';
import { freePort } from '../soak/ports.js';
import { startTempPostgres, type TempPostgres } from '../soak/postgres-server.js';
import { Replica } from '../soak/replica.js';
import { type BenchRow, fmt, openBenchDatabase } from '../support.js';

const ROOT = resolve(import.meta.dirname, '../..');

const knob = (name: string, dflt: number) => {
  const v = Number(process.env[`BENCH_SCALE_${name}`] ?? dflt);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`BENCH_SCALE_${name} must be a positive number`);
  return v;
};
/** The issue's sizes, each settable for a quicker run. */
const KNOBS = {
  /** Wheelhouse processes on the one Postgres. */
  replicas: knob('REPLICAS', 2),
  instances: knob('INSTANCES', 10_000),
  tenants: knob('TENANTS', 100),
  /** The supervisor's interval (seconds; the server's default); the lag is watched for LAG_INTERVALS of them. */
  interval: knob('INTERVAL_SECONDS', 60),
  lagIntervals: knob('LAG_INTERVALS', 2),
  deploys: knob('DEPLOYS', 2_000),
  /** Milliseconds a deploy takes on the fake. */
  deployMs: knob('DEPLOY_MS', 20),
  subscribers: knob('SUBSCRIBERS', 1_000),
  eventRate: knob('EVENT_RATE', 1_000),
  eventSeconds: knob('EVENT_SECONDS', 10),
  webhookRate: knob('WEBHOOK_RATE', 100),
  webhookSeconds: knob('WEBHOOK_SECONDS', 10),
};

const MB = 1024 * 1024;

/** Bundles the replica's entry as `npm start` runs the server: one ES module, packages left in node_modules. */
async function bundleReplica(): Promise<string> {
  const { build } = await import('esbuild');
  // Under node_modules: its packages resolve from there as from the repository, and no linter or git sees it.
  const outfile = join(ROOT, 'node_modules', '.cache', 'wheelhouse-bench', `scale-replica-${process.pid}.mjs`);
  await build({
    entryPoints: [join(ROOT, 'bench/scale/replica-main.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    logLevel: 'warning',
  });
  return outfile;
}

/** Each replica's RSS every two seconds until stopped: the peak and the last. */
function watchRss(replicas: Replica[]): { stop(): { peak: number[]; last: number[] } } {
  const peak = replicas.map(() => 0);
  const last = replicas.map(() => 0);
  const timer = setInterval(() => {
    replicas.forEach((r, i) => {
      void r.rss().then((b) => {
        if (b === undefined) return;
        last[i] = b;
        peak[i] = Math.max(peak[i]!, b);
      });
    });
  }, 2000);
  return {
    stop() {
      clearInterval(timer);
      return { peak, last };
    },
  };
}

interface PhaseLoad {
  name: string;
  seconds: number;
  statements: number;
  transactions: number;
}

export async function scaleRows(): Promise<BenchRow[]> {
  const started = Date.now();
  const progress = (line: string) =>
    process.stderr.write(`bench: scale t+${((Date.now() - started) / 1000).toFixed(0)}s: ${line}\n`);
  const own: TempPostgres | undefined = process.env.BENCH_SCALE_DATABASE_URL ? undefined : await startTempPostgres();
  const url = own?.url ?? (process.env.BENCH_SCALE_DATABASE_URL as string);
  const database = await openBenchDatabase(undefined, 20, url);
  const dir = await mkdtemp(join(tmpdir(), 'wheelhouse-bench-scale-'));
  const replicas: Replica[] = [];
  let fleet: FleetTenant[] = [];
  let bundle: string | undefined;
  try {
    const perTenant = Math.ceil(KNOBS.instances / KNOBS.tenants);
    progress(`seeding ${KNOBS.tenants} tenants × ${perTenant} instances`);
    fleet = await seedFleet(database, KNOBS.tenants, perTenant);
    const instanceIds = fleet.flatMap((t) => t.instanceIds);
    bundle = await bundleReplica();
    const settings = {
      databaseUrl: url,
      bootstrapToken: `whk_bench_${Date.now()}_scale_bootstrap`,
      dir,
      args: [bundle],
      ipc: true,
      env: {
        WHEELHOUSE_SUPERVISOR_INTERVAL_SECONDS: String(KNOBS.interval),
        WHEELHOUSE_MUTATION_RATE_LIMIT: '1000000',
        WHEELHOUSE_WEBHOOK_ALLOW_PRIVATE: 'true',
        // One vault key for both, as the README asks of replicas: each reads the webhooks' secrets the other wrote.
        WHEELHOUSE_SECRET_KEY: randomBytes(32).toString('hex'),
        FLEET_DEPLOY_MS: String(KNOBS.deployMs),
        FLEET_EXECUTOR_CONCURRENCY: process.env.BENCH_SCALE_EXECUTOR_CONCURRENCY ?? '',
      },
    };
    for (let i = 0; i < KNOBS.replicas; i++)
      replicas.push(new Replica(`replica-${String.fromCharCode(97 + i)}`, await freePort(), settings));
    progress(`starting ${replicas.length} replica(s)`);
    await Promise.all(replicas.map((r) => r.start()));
    await new Promise((r) => setTimeout(r, 3000));
    const idleRss = await Promise.all(replicas.map(async (r) => (await r.rss()) ?? 0));
    const rss = watchRss(replicas);
    const ctx: ScaleContext = { database, replicas, fleet, progress };
    setMaxListeners(0);

    const loads: PhaseLoad[] = [];
    const phase = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
      const s0 = (await askReplicas(replicas)).statements;
      const x0 = await transactionsSoFar(database);
      const t0 = performance.now();
      const result = await run();
      const seconds = (performance.now() - t0) / 1000;
      // The replicas' own count; the samples go with it (a phase that wants them asks itself).
      const s1 = (await askReplicas(replicas)).statements;
      loads.push({ name, seconds, statements: s1 - s0, transactions: (await transactionsSoFar(database)) - x0 });
      return result;
    };

    const intervalMs = KNOBS.interval * 1000;
    const lagMs = KNOBS.lagIntervals * intervalMs;
    progress(`the supervisor alone with ${instanceIds.length} instances for ${(lagMs / 1000).toFixed(0)} s`);
    await spreadObservations(database, fleet, intervalMs);
    const from = Date.now();
    const samples = await phase('supervisor alone', () => observeFleet(ctx, lagMs));
    const lag = observationGaps(samples, instanceIds, from, Date.now(), intervalMs);

    progress(`${KNOBS.deploys} deploys`);
    const burst = await phase('deploy burst', () => deployBurst(ctx, KNOBS.deploys, 300_000));

    progress(`${KNOBS.subscribers} subscribers`);
    const fanout = await phase('events to subscribers', () =>
      eventFanout(ctx, Math.round(KNOBS.subscribers / fleet.length), KNOBS.eventRate, KNOBS.eventSeconds),
    );

    progress('webhooks');
    const hooks = await phase('webhooks', () => webhookLatency(ctx, KNOBS.webhookRate, KNOBS.webhookSeconds));
    const { peak } = rss.stop();
    return rows({ lag, intervalMs, burst, fanout, hooks, idleRss, peak, loads, instances: instanceIds.length });
  } finally {
    progress('cleaning up');
    await Promise.all(replicas.map((r) => r.stop()));
    if (bundle) await rm(bundle, { force: true });
    await dropFleet(database, fleet);
    await database.close();
    await own?.destroy();
    // BENCH_SCALE_KEEP_LOGS=1 keeps the replicas' logs (warnings and errors) for reading a figure.
    if (process.env.BENCH_SCALE_KEEP_LOGS) progress(`the replicas' logs are in ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

function rows(r: {
  lag: ReturnType<typeof observationGaps>;
  intervalMs: number;
  burst: Awaited<ReturnType<typeof deployBurst>>;
  fanout: Awaited<ReturnType<typeof eventFanout>>;
  hooks: Awaited<ReturnType<typeof webhookLatency>>;
  idleRss: number[];
  peak: number[];
  loads: PhaseLoad[];
  instances: number;
}): BenchRow[] {
  const out: BenchRow[] = [];
  const s = (ms: number) => `${fmt(ms / 1000)} s`;
  const lagP50 = percentile(r.lag.gaps, 50);
  const lagP99 = percentile(r.lag.gaps, 99);
  const lagMet = lagP99 <= 2 * r.intervalMs && r.lag.unobserved === 0;
  out.push({
    figure: `supervisor: time between observations, ${r.instances.toLocaleString('en-US')} instances (p50 / p99)`,
    value: `${s(lagP50)} / ${s(lagP99)}`,
    baseline: `${s(r.intervalMs)} (its interval)`,
    ratio: `${(lagP99 / r.intervalMs).toFixed(2)}×`,
    goal: 'p99 ≤ 2× interval',
    met: lagMet,
    notes: [
      `${r.lag.observations} observations in the window (${fmt(r.lag.observations / (r.loads[0]!.seconds || 1))}/s; ` +
        `keeping up needs ${fmt(r.instances / (r.intervalMs / 1000))}/s), ${r.lag.unobserved} instances not observed at all`,
      ...(lagMet ? [] : [`not met: ${lagReason(r)}`]),
    ],
  });
  const opsPerSecond = r.burst.succeeded / r.burst.seconds;
  out.push({
    figure: `deploys ended per second, a burst of ${r.burst.asked.toLocaleString('en-US')} queued`,
    value: `${fmt(opsPerSecond)}/s`,
    baseline: '',
    ratio: '',
    goal: '≥ 100/s',
    met: opsPerSecond >= 100 && r.burst.succeeded === r.burst.asked,
    notes: [
      `asked in ${fmt(r.burst.submitSeconds)} s through the API (${fmt(r.burst.asked / r.burst.submitSeconds)}/s); ` +
        `first queued to last ended ${fmt(r.burst.seconds)} s; by status: ${JSON.stringify(r.burst.byStatus)}`,
      ...(r.burst.refused.length
        ? [`refused: ${r.burst.refused.length}, e.g. ${r.burst.refused.slice(0, 3).join(' | ')}`]
        : []),
      ...(opsPerSecond >= 100 ? [] : [`not met: ${burstReason(r, opsPerSecond)}`]),
    ],
  });
  const f = r.fanout;
  const fanP99 = percentile(f.latencies, 99);
  out.push({
    figure: `events to ${f.subscribers.toLocaleString('en-US')} live subscribers at ${fmt(f.events / f.writeSeconds, 0)}/s (p50 / p99; lost)`,
    value: `${fmt(percentile(f.latencies, 50), 0)} / ${fmt(fanP99, 0)} ms; ${f.lost} lost`,
    baseline: '',
    ratio: '',
    goal: 'p99 ≤ 1000 ms, 0 lost',
    met: fanP99 <= 1000 && f.lost === 0 && f.duplicates === 0,
    notes: [
      `${f.events} events in ${fmt(f.writeSeconds)} s (asked for ${fmt(KNOBS.eventRate, 0)}/s; those due together commit in one transaction, every 10 ms), ` +
        `${f.latencies.length} of ${f.expected} deliveries ` +
        `(${fmt(f.latencies.length / f.deliverySeconds, 0)}/s), ${f.duplicates} duplicates, ${f.errors} errors, ` +
        `${f.connectFailures.length} subscribers failed to connect${f.connectFailures.length ? ` (${f.connectFailures[0]})` : ''}`,
      ...(fanP99 <= 1000 && f.lost === 0 && f.duplicates === 0
        ? []
        : [`not met: p99 ${fmt(fanP99, 0)} ms, ${f.lost} deliveries lost, ${f.duplicates} twice`]),
    ],
  });
  const hookP99 = percentile(r.hooks.latencies, 99);
  out.push({
    figure: `webhook delivery at ${fmt(r.hooks.events / r.hooks.writeSeconds, 0)} events/s, one webhook per tenant (p50 / p99)`,
    value: `${fmt(percentile(r.hooks.latencies, 50), 0)} / ${fmt(hookP99, 0)} ms`,
    baseline: '',
    ratio: '',
    goal: 'p99 ≤ 1000 ms',
    met: hookP99 <= 1000 && r.hooks.missing === 0,
    notes: [
      `${r.hooks.events} events, ${r.hooks.missing} never arrived; the deliveries' rows: ${r.hooks.deliveries.join(', ')}`,
      ...(hookP99 <= 1000 && r.hooks.missing === 0
        ? []
        : [
            `not met: p99 ${fmt(hookP99, 0)} ms, ${r.hooks.missing} never arrived (where the time went: the line above)`,
          ]),
    ],
  });
  r.peak.forEach((peak, i) => {
    out.push({
      figure: `RSS of replica ${i + 1} of ${r.peak.length}, peak over the run (MB)`,
      value: fmt(peak / MB, 0),
      baseline: `${fmt(r.idleRss[i]! / MB, 0)} (idle after its start)`,
      ratio: `${(peak / r.idleRss[i]!).toFixed(2)}×`,
      goal: '≤ 400 MB',
      met: peak <= 400 * MB,
      ...(peak <= 400 * MB ? {} : { notes: [`not met: ${fmt(peak / MB, 0)} MB at its peak`] }),
    });
  });
  out.push({
    figure: 'statements/s: the replicas (their pools) | Postgres transactions/s (pg_stat_database)',
    value: r.loads.map((l) => `${fmt(l.statements / l.seconds, 0)} | ${fmt(l.transactions / l.seconds, 0)}`).join('; '),
    baseline: '',
    ratio: '',
    goal: 'reported',
    met: undefined,
    notes: r.loads.map(
      (l) =>
        `${l.name}: ${fmt(l.seconds)} s, ${l.statements} statements by the replicas (${fmt(l.statements / l.seconds, 0)}/s), ` +
        `${l.transactions} transactions in the database by everyone, the bench's writes included (${fmt(l.transactions / l.seconds, 0)}/s)`,
    ),
  });
  return out;
}

function lagReason(r: {
  lag: ReturnType<typeof observationGaps>;
  intervalMs: number;
  instances: number;
  loads: PhaseLoad[];
}): string {
  const rate = r.lag.observations / (r.loads[0]!.seconds || 1);
  const needed = r.instances / (r.intervalMs / 1000);
  return rate < needed
    ? `the replicas observed ${fmt(rate)} instances/s, fewer than the ${fmt(needed)}/s the interval needs`
    : 'observations came at the rate needed but unevenly';
}

function burstReason(r: { burst: { succeeded: number }; loads: PhaseLoad[] }, opsPerSecond: number): string {
  const load = r.loads.find((l) => l.name === 'deploy burst');
  if (!load) return `${fmt(opsPerSecond)}/s`;
  const perDeploy = load.statements / Math.max(1, r.burst.succeeded);
  return (
    `the replicas ran ${fmt(load.statements / load.seconds, 0)} statements/s through the burst, ${fmt(perDeploy, 0)} per deploy ended ` +
    "(the supervisor's passes beside them included): each deploy is some ten transactions of steps and events, and " +
    'the executor runs four operations at once per replica; the database, not the fake provider, set the pace'
  );
}
