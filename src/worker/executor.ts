import { resolve } from 'node:path';
import type { BuildConfig } from '../config.js';
import { operationSeconds, operationsFinished } from '../control/metrics.js';
import { type Operation, toOperation } from '../control/model.js';
import type { OperationSignal } from '../control/operation-signal.js';
import type { SecretService } from '../control/secrets.js';
import type { DbHandle } from '../db/db-types.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { releaseLease } from '../db/repositories/lease-repository.js';
import * as operations from '../db/repositories/operation-repository.js';
import type { Logger } from '../logger.js';
import { CanceledError } from '../providers/provider-errors.js';
import type { Registry } from '../providers/registry.js';
import { ClaimLoop } from './claim-loop.js';
import { Masker } from './masking.js';
import { CrashSignal, describeFailure, OperationFailure } from './operation-failures.js';
import { resumedSteps } from './operation-steps.js';
import { performOperation } from './perform-operation.js';
import { recordOutcome } from './record-outcome.js';

export interface ExecutorOptions {
  db: DbHandle;
  registry: Registry;
  secrets: SecretService;
  signal: OperationSignal;
  logger: Logger;
  /** Unique per process: whose lease a row holds. */
  owner: string;
  /** How long a claim lasts without a heartbeat; a crashed executor's work is re-claimed after it. */
  leaseMs?: number;
  /** Operations run at once (on different instances). */
  concurrency?: number;
  /** How often to look for work other replicas queued. */
  pollMs?: number;
  /** Builds from source: the builder, the registry, and how many builds run at once here (the rest stay queued). */
  builds?: BuildConfig;
  /** The backup store (WHEELHOUSE_BACKUP_DIR): BACKUP operations write their archives there, RESTOREs read them. */
  backupDir?: string;
}

/** Builds when the server passes no settings (tests of other things): the defaults of WHEELHOUSE_BUILD_*. */
const DEFAULT_BUILDS: BuildConfig = {
  builder: undefined,
  registry: undefined,
  concurrency: 2,
  gitAllowLocal: false,
  archiveMaxBytes: 100 * 1024 * 1024,
};

/** A re-claimed operation that keeps failing to finish is given up after this many attempts. */
const MAX_ATTEMPTS = 5;

/**
 * Claims queued operations with a lease (FOR UPDATE SKIP LOCKED), one at a
 * time per instance and several instances at once, calls the provider, waits
 * for readiness and records the outcome. A lease that expires because its
 * process died is re-claimed by any executor; provider calls converge, so the
 * re-run finishes the work instead of doubling it.
 *
 * This file holds its stage of the shared claim loop (claim-loop.ts) and one
 * run's lifecycle (heartbeat, crash, cancel); what a run does is in
 * perform-operation.ts, its steps in operation-steps.ts, and how it ends in
 * record-outcome.ts.
 */
export class Executor {
  readonly #o: Required<ExecutorOptions>;
  readonly #loop: ClaimLoop<Operation>;
  /** The BUILD operations running here: at most `builds.concurrency`, so a build never takes the whole host. */
  readonly #buildsRunning = new Set<string>();

  constructor(options: ExecutorOptions) {
    this.#o = {
      leaseMs: 30_000,
      concurrency: 4,
      pollMs: 1_000,
      builds: DEFAULT_BUILDS,
      // WHEELHOUSE_BACKUP_DIR's default beside the default data dir (the server always passes its own).
      backupDir: resolve('.wheelhouse', 'backups'),
      ...options,
    };
    const { db, owner, leaseMs } = this.#o;
    this.#loop = new ClaimLoop<Operation>({
      stage: {
        // Never its own running operations, even with a lapsed lease: it would run them twice at once.
        claim: async ({ ids }) => {
          const full = this.#buildsRunning.size >= this.#o.builds.concurrency;
          const row = await operations.claimNextOperation(
            db,
            owner,
            leaseMs,
            this.#reachableProviders(),
            ids,
            full ? ['build'] : [],
          );
          if (row?.kind === 'build') this.#buildsRunning.add(row.id);
          return row && toOperation(row);
        },
        run: (op, stopping) => this.#execute(op, stopping),
        idOf: (op) => op.id,
      },
      onWake: (wake) => this.#o.signal.onQueued(wake),
      logger: this.#o.logger,
      claimFailed: 'claiming operations failed; retrying',
      concurrency: this.#o.concurrency,
      pollMs: this.#o.pollMs,
    });
  }

  start(): void {
    this.#loop.start();
  }

  /**
   * Stops claiming, aborts what runs and hands its operations back (queued,
   * lease cleared) so another replica picks them up at once.
   */
  async stop(): Promise<void> {
    if (!this.#loop.running) return;
    await this.#loop.stop(new Error('executor stopping'));
  }

  /**
   * Stops without handing anything back, as a killed process would: leases
   * stay until they expire. Tests use it to prove re-claiming works.
   */
  async crash(): Promise<void> {
    await this.#loop.stop(new CrashSignal());
  }

  /** Registry keys and type names this executor can run operations for (see claimNextOperation). */
  #reachableProviders(): string[] {
    const names = new Set<string>();
    for (const [key, p] of this.#o.registry.all()) {
      names.add(key);
      // Older rows may hold the type name; the registry resolves it only when one provider has it.
      const name = p.info().name;
      try {
        if (this.#o.registry.resolve(name).key === key) names.add(name);
      } catch {
        // ambiguous: left to the key
      }
    }
    return [...names];
  }

  /**
   * Releases an operation's lease as soon as the database takes the write (retried each second);
   * after a lease's length the lease has lapsed anyway and any executor re-claims the operation.
   */
  async #handBack(operationId: string): Promise<void> {
    const deadline = Date.now() + this.#o.leaseMs;
    for (;;) {
      try {
        await releaseLease(this.#o.db, operationId, this.#o.owner);
        this.#loop.wake();
        return;
      } catch {
        if (Date.now() >= deadline) return;
        await new Promise((r) => setTimeout(r, Math.min(1_000, this.#o.leaseMs)));
      }
    }
  }

  /** One run; `stopping` aborts with the loop's stop reason (a stop hands the operation back, a crash does not). */
  async #execute(op: Operation, stopping: AbortSignal): Promise<void> {
    const { db, logger } = this.#o;
    // The run's own abort: the heartbeat ends it on a lost lease or a cancel request, the loop on a stop.
    const abort = new AbortController();
    const onStop = () => abort.abort(stopping.reason);
    if (stopping.aborted) onStop();
    else stopping.addEventListener('abort', onStop, { once: true });
    const log = logger.child({ operationId: op.id, instanceId: op.instanceId, kind: op.kind, attempt: op.attempts });
    const heartbeat = setInterval(
      () => {
        operations
          .renewLease(db, op.id, this.#o.owner, this.#o.leaseMs)
          .then(({ held, cancelRequested }) => {
            if (!held) abort.abort(new CrashSignal());
            else if (cancelRequested) abort.abort(new CanceledError('canceled by request'));
          })
          .catch(() => {});
      },
      Math.max(250, Math.floor(this.#o.leaseMs / 3)),
    );
    const started = performance.now();
    const count = (outcome: string) => {
      operationsFinished.inc({ kind: op.kind, outcome });
      operationSeconds.observe({ kind: op.kind, outcome }, (performance.now() - started) / 1000);
    };
    const steps = resumedSteps(op);
    // What this run must not write in clear (secret values, config contents), learnt as it materialises them.
    const masker = new Masker();
    try {
      if (op.cancelRequested) throw new CanceledError('canceled by request');
      if (op.attempts > MAX_ATTEMPTS)
        throw new OperationFailure('TOO_MANY_ATTEMPTS', `gave up after ${MAX_ATTEMPTS} attempts`);
      const result = await performOperation(this.#o, op, abort.signal, steps, masker);
      await recordOutcome(this.#o, op, steps, 'succeeded', result, masker);
      count('succeeded');
      log.info({ outcome: result.outcome }, 'operation succeeded');
    } catch (err) {
      if (
        abort.signal.reason instanceof CrashSignal ||
        (abort.signal.aborted && !this.#loop.running && !(abort.signal.reason instanceof CanceledError))
      ) {
        // Hands a stopped run back (queued, no lease); a crashed one keeps its lease until it expires.
        if (!(abort.signal.reason instanceof CrashSignal)) {
          await releaseLease(db, op.id, this.#o.owner).catch(() => {});
          count('released');
        }
        return;
      }
      if (isDatabaseUnavailable(err)) {
        // Not the operation's fault: hand it back when the database answers again, and it re-runs
        // (provider calls converge); were it recorded as failed, an outage would fail every running operation.
        log.warn({ err }, 'the database went away during the operation; handing it back to be run again');
        await this.#handBack(op.id);
        return;
      }
      const canceled = err instanceof CanceledError || abort.signal.reason instanceof CanceledError;
      const described = describeFailure(err, canceled);
      const failure = { ...described, message: masker.text(described.message) };
      if (failure.code === 'INTERNAL') log.error({ err }, 'operation failed unexpectedly');
      else log.info({ code: failure.code }, 'operation failed');
      await recordOutcome(this.#o, op, steps, canceled ? 'canceled' : 'failed', failure, masker).then(
        () => count(canceled ? 'canceled' : 'failed'),
        (e: unknown) =>
          log.error({ err: e }, 'recording the failure failed; the lease will expire and the operation re-run'),
      );
    } finally {
      stopping.removeEventListener('abort', onStop);
      clearInterval(heartbeat);
      // A build slot frees: a queued build may be claimed now.
      if (this.#buildsRunning.delete(op.id)) this.#loop.wake();
      this.#o.signal.ended(op.id);
    }
  }
}
