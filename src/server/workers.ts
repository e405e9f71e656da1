import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../config.js';
import type { Services } from '../control/services.js';
import type { DbHandle } from '../db/db-types.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../providers/registry.js';
import { Autoscaler } from '../worker/autoscaler.js';
import { EdgeDriver } from '../worker/edge-driver.js';
import { Executor, type ExecutorOptions } from '../worker/executor.js';
import { Supervisor } from '../worker/supervisor.js';
import { Waker } from '../worker/waker.js';

/** Executor settings a caller may override (tests shorten the lease to prove re-claiming). */
export type ExecutorTuning = Partial<Pick<ExecutorOptions, 'leaseMs' | 'concurrency' | 'pollMs' | 'owner'>>;

/** The background workers this process runs; either is absent when its setting turns it off. */
export interface Workers {
  executor: Executor | undefined;
  supervisor: Supervisor | undefined;
  /** Drives the providers' edges (one process per edge, by lease); absent with WHEELHOUSE_EDGE=off. */
  edge: EdgeDriver | undefined;
}

/** Builds the executor (WHEELHOUSE_WORKER) and the supervisor (WHEELHOUSE_SUPERVISOR); neither starts yet. */
export function createWorkers(
  db: DbHandle,
  registry: Registry,
  services: Services,
  config: Config,
  logger: Logger,
  tuning: ExecutorTuning = {},
): Workers {
  // One per process: the supervisor runs its passes, the edge's waker asks it for a replica (also with the supervisor off).
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
        owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
        leaseMs: config.operationLeaseSeconds * 1000,
        ...tuning,
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
  const edge =
    config.edge.mode === 'off'
      ? undefined
      : new EdgeDriver({
          db,
          registry,
          routes: services.routes,
          logger: logger.child({ component: 'edge' }),
          owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
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
  return { executor, supervisor, edge };
}
