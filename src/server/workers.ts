import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../config.js';
import type { Services } from '../control/services.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../providers/registry.js';
import { Autoscaler } from '../worker/autoscaler.js';
import type { BackgroundWorker } from '../worker/background-worker.js';
import { EdgeDriver } from '../worker/edge-driver.js';
import { Executor, type ExecutorOptions } from '../worker/executor.js';
import { PlatformSchedules } from '../worker/schedule-platform.js';
import { ScheduleTicker } from '../worker/schedule-ticker.js';
import { Supervisor } from '../worker/supervisor.js';
import { Waker } from '../worker/waker.js';
import { createWebhookWorkers, type WebhookTuning, type WebhookWorkers } from './webhook-workers.js';

/** How often the schedule ticker looks for due ticks: well inside a minute, the finest a cron tick is. */
const SCHEDULE_PASS_MS = 5_000;

/** Executor settings a caller may override (tests shorten the lease to prove re-claiming). */
export type ExecutorTuning = Partial<Pick<ExecutorOptions, 'leaseMs' | 'concurrency' | 'pollMs' | 'owner'>>;

/** What a caller may tune of the workers (tests). */
export interface WorkerTuning {
  executor?: ExecutorTuning | undefined;
  webhooks?: WebhookTuning | undefined;
}

/** The background workers of this process: one list, and the two the app exposes by name. */
export interface Workers {
  /** In start order: executor, supervisor, webhook workers, edge; each present only when its setting runs it. */
  all: readonly BackgroundWorker[];
  /** The operation executor (WHEELHOUSE_WORKER). */
  executor: Executor | undefined;
  /** The webhook dispatcher and deliverer (WHEELHOUSE_WORKER). */
  webhooks: WebhookWorkers | undefined;
}

/**
 * Builds the executor and the webhook workers (WHEELHOUSE_WORKER), the
 * supervisor (WHEELHOUSE_SUPERVISOR) and the edge driver (WHEELHOUSE_EDGE);
 * none starts yet. The process has one autoscaler: the supervisor runs its
 * passes, and the edge's waker asks it for a replica (also when the
 * supervisor is off).
 */
export function createWorkers(
  database: DatabaseHandle,
  registry: Registry,
  services: Services,
  config: Config,
  logger: Logger,
  tuning: WorkerTuning = {},
): Workers {
  const db = database.db;
  const autoscaler = new Autoscaler({
    db,
    registry,
    signal: services.signal,
    logger: logger.child({ component: 'autoscaler' }),
    intervalMs: config.autoscaleIntervalSeconds * 1000,
  });
  const executor = config.runWorker
    ? new Executor({
        db,
        registry,
        secrets: services.secrets,
        signal: services.signal,
        logger: logger.child({ component: 'executor' }),
        owner: processOwner(),
        leaseMs: config.operationLeaseSeconds * 1000,
        builds: config.builds,
        backupDir: config.backupDir,
        ...tuning.executor,
      })
    : undefined;
  const supervisor = config.runSupervisor
    ? new Supervisor({
        db,
        registry,
        signal: services.signal,
        logger: logger.child({ component: 'supervisor' }),
        intervalMs: config.supervisorIntervalSeconds * 1000,
        autoscaleIntervalMs: config.autoscaleIntervalSeconds * 1000,
        autoscaler,
      })
    : undefined;
  // Every worker replica ticks: the claim in Postgres lets one of them start each tick.
  const ticker = config.runWorker
    ? new ScheduleTicker({
        db,
        signal: services.signal,
        logger: logger.child({ component: 'schedules' }),
        intervalMs: SCHEDULE_PASS_MS,
        // A Kubernetes provider's schedules are CronJobs: its cluster runs them, this pass reads them back.
        platform: new PlatformSchedules({
          db,
          registry,
          secrets: services.secrets,
          signal: services.signal,
          logger: logger.child({ component: 'platform-schedules' }),
        }),
      })
    : undefined;
  const webhooks = createWebhookWorkers(database, services, config, logger, tuning.webhooks);
  const edge =
    config.edge.mode === 'off'
      ? undefined
      : new EdgeDriver({
          db,
          registry,
          routes: services.routes,
          routeSignal: services.routeSignal,
          logger: logger.child({ component: 'edge' }),
          owner: processOwner(),
          intervalMs: config.edge.syncIntervalMs,
          // Scale to zero: the edge sends a backend without a ready replica here; it asks the autoscaler for one.
          waker: new Waker({
            db,
            registry,
            autoscaler,
            logger: logger.child({ component: 'waker' }),
            holdMs: config.edge.wakeHoldSeconds * 1000,
            maxHeld: config.edge.wakeMaxHeld,
          }),
        });
  const all: BackgroundWorker[] = [];
  if (executor) all.push(named('executor', executor));
  if (supervisor) all.push(named('supervisor', supervisor));
  if (ticker) all.push(named('schedules', ticker));
  if (webhooks) all.push(webhooks);
  if (edge) all.push({ ...named('edge', edge), stopsLast: true });
  return { all, executor, webhooks };
}

/** Starts the workers one after the other, in the list's order. */
export async function startWorkers(workers: readonly BackgroundWorker[]): Promise<void> {
  for (const w of workers) await w.start();
}

/**
 * Stops the workers: all but the last-stopping ones together, beside
 * `alongside` (the HTTP server's drain), then the last-stopping ones.
 */
export async function stopWorkers(workers: readonly BackgroundWorker[], alongside: Promise<void>): Promise<void> {
  await Promise.all([...workers.filter((w) => !w.stopsLast).map((w) => w.stop()), alongside]);
  for (const w of workers.filter((w) => w.stopsLast)) await w.stop();
}

/** A worker class as a list entry (the classes carry no name of their own). */
function named(name: string, worker: { start(): void; stop(): Promise<void> }): BackgroundWorker {
  return { name, start: () => worker.start(), stop: () => worker.stop() };
}

/** Whose lease a row holds: unique per process and per worker. */
function processOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
