/**
 * The soak's load, through the typed client only: one loop per instance
 * running a steady mix of deploys, scales, rollbacks and restarts (each
 * submitted with an idempotency key, retried on the other replica while a
 * replica or the database is away, then followed to its end), and readers
 * timing queries against both replicas.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  DeployInstanceDocument,
  EventsDocument,
  InstanceDocument,
  InstancesDocument,
  OperationDocument,
  ReleasesDocument,
  RestartInstanceDocument,
  RollbackInstanceDocument,
  ScaleInstanceDocument,
  TERMINAL_STATUSES,
  unwrap,
  WheelhouseApiError,
  type WheelhouseClient,
} from '../../src/client/index.js';
import { TEST_IMAGES } from '../../test/support/docker-images.js';

/** One mutation the soak asked for, under one idempotency key (whatever it took to get an answer). */
export interface SubmittedOperation {
  key: string;
  kind: 'deploy' | 'scale' | 'rollback' | 'restart';
  instanceId: string;
  /** The operation id the API answered with; undefined when no attempt got an answer. */
  operationId?: string;
  /** Attempts that failed before an answer (unreachable replica, database away). */
  retries: number;
  /** A typed refusal (InvalidStateError…): nothing was enqueued, on purpose. */
  refused?: string;
  /** The terminal status the loop saw (undefined when it stopped following). */
  status?: string;
  errorCode?: string;
}

/** Read latencies and failures, each with the time it ended (to tell fault windows apart). */
export interface ReadStats {
  latencies: Array<{ at: number; ms: number }>;
  failures: number[];
  failureSamples: string[];
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

const message = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 200);

/** Picks clients round-robin, so consecutive requests alternate replicas. */
export class ClientRing {
  #i = 0;
  constructor(readonly clients: WheelhouseClient[]) {}
  next(): WheelhouseClient {
    const c = this.clients[this.#i % this.clients.length]!;
    this.#i++;
    return c;
  }
}

/**
 * Sends one mutation until some replica answers (same idempotency key every
 * time, so a retry after a lost answer returns the same operation), for at
 * most `deadlineMs`.
 */
async function submit(
  ring: ClientRing,
  record: SubmittedOperation,
  send: (c: WheelhouseClient) => Promise<{ id: string }>,
  deadlineMs: number,
): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    try {
      const op = await send(ring.next());
      record.operationId = op.id;
      return;
    } catch (err) {
      if (err instanceof WheelhouseApiError) {
        record.refused = err.typename;
        return;
      }
      record.retries++;
      if (Date.now() > until) return;
      await sleep(500);
    }
  }
}

/** Polls an operation (alternating replicas) until it ends or `signal` aborts. */
async function follow(ring: ClientRing, record: SubmittedOperation, signal: AbortSignal): Promise<void> {
  while (!signal.aborted && record.operationId) {
    try {
      const { operation } = await ring
        .next()
        .request(OperationDocument, { id: record.operationId }, { signal: AbortSignal.timeout(10_000) });
      if (operation && TERMINAL_STATUSES.has(operation.status)) {
        record.status = operation.status;
        if (operation.error) record.errorCode = operation.error.code;
        return;
      }
    } catch {
      // a replica or the database is away: ask again
    }
    await sleep(500, signal);
  }
}

/**
 * One instance's loop until `stopAt`: pick an operation, submit it, follow it
 * to its end, pause, again. Follows the last one past `stopAt` until `signal`.
 */
export async function operationLoop(
  ring: ClientRing,
  instanceId: string,
  stopAt: number,
  submitted: SubmittedOperation[],
  signal: AbortSignal,
): Promise<void> {
  let deploys = 0;
  let replicas = 1;
  while (Date.now() < stopAt && !signal.aborted) {
    const roll = Math.random();
    const key = `soak-${randomUUID()}`;
    let record: SubmittedOperation;
    if (roll < 0.3) {
      deploys++;
      record = { key, kind: 'deploy', instanceId, retries: 0 };
      const image = deploys % 2 ? TEST_IMAGES.web2 : TEST_IMAGES.web1;
      await submit(
        ring,
        record,
        async (c) =>
          unwrap(
            (
              await c.request(DeployInstanceDocument, {
                input: {
                  instanceId,
                  idempotencyKey: key,
                  services: [{ name: 'web', image, env: [{ name: 'SOAK_DEPLOY', value: String(deploys) }] }],
                },
              })
            ).deployInstance,
          ).operation,
        60_000,
      );
    } else if (roll < 0.55) {
      replicas = replicas === 1 ? 2 : 1;
      record = { key, kind: 'scale', instanceId, retries: 0 };
      await submit(
        ring,
        record,
        async (c) =>
          unwrap(
            (
              await c.request(ScaleInstanceDocument, {
                input: { instanceId, idempotencyKey: key, service: 'web', resources: { replicas } },
              })
            ).scaleInstance,
          ).operation,
        60_000,
      );
    } else if (roll < 0.75) {
      record = { key, kind: 'rollback', instanceId, retries: 0 };
      await submit(
        ring,
        record,
        async (c) => {
          // The newest release older than the current one (a rollback of a rollback is fine too).
          const { releases } = await c.request(ReleasesDocument, { instanceId, first: 5 });
          const target = releases.edges.map((e) => e.node).find((r) => !r.isCurrent);
          if (!target)
            throw new WheelhouseApiError({ __typename: 'NoOlderRelease', message: 'nothing to roll back to' });
          return unwrap(
            (
              await c.request(RollbackInstanceDocument, {
                input: { instanceId, idempotencyKey: key, releaseId: target.id },
              })
            ).rollbackInstance,
          ).operation;
        },
        60_000,
      );
    } else {
      record = { key, kind: 'restart', instanceId, retries: 0 };
      await submit(
        ring,
        record,
        async (c) =>
          unwrap(
            (await c.request(RestartInstanceDocument, { input: { instanceId, idempotencyKey: key } })).restartInstance,
          ).operation,
        60_000,
      );
    }
    submitted.push(record);
    await follow(ring, record, signal);
    await sleep(500 + Math.random() * 1500, signal);
  }
}

/** A reader: a round of typed queries against alternating replicas, timed, until `stopAt`. */
export async function readerLoop(
  ring: ClientRing,
  instanceIds: string[],
  submitted: SubmittedOperation[],
  stopAt: number,
  stats: ReadStats,
  signal: AbortSignal,
): Promise<void> {
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const reads: Array<(c: WheelhouseClient, s: AbortSignal) => Promise<unknown>> = [
    (c, s) => c.request(InstancesDocument, { first: 20 }, { signal: s }),
    (c, s) => c.request(InstanceDocument, { id: pick(instanceIds) }, { signal: s }),
    (c, s) => c.request(EventsDocument, { first: 20 }, { signal: s }),
    (c, s) => c.request(ReleasesDocument, { instanceId: pick(instanceIds), first: 5 }, { signal: s }),
    (c, s) => {
      const ids = submitted.flatMap((o) => (o.operationId ? [o.operationId] : []));
      return ids.length
        ? c.request(OperationDocument, { id: pick(ids) }, { signal: s })
        : c.request(InstancesDocument, { first: 1 }, { signal: s });
    },
  ];
  let i = 0;
  while (Date.now() < stopAt && !signal.aborted) {
    const read = reads[i++ % reads.length]!;
    const t0 = performance.now();
    try {
      // A read that hangs is a failure, not a slow success: 10 s is far beyond any healthy answer.
      await read(ring.next(), AbortSignal.timeout(10_000));
      stats.latencies.push({ at: Date.now(), ms: performance.now() - t0 });
    } catch (err) {
      stats.failures.push(Date.now());
      if (stats.failureSamples.length < 5) stats.failureSamples.push(message(err));
    }
    await sleep(200, signal);
  }
}
