import type { BuildConfig } from '../config.js';
import type { DbHandle } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import type { Registry } from '../providers/registry.js';
import type { Enqueued } from './idempotency.js';
import { deploy } from './instance-deploy.js';
import type {
  DeployInput,
  DeprovisionInput,
  OnInstance,
  ProvisionInput,
  RollbackInput,
  ScaleInput,
} from './instance-inputs.js';
import { action, deprovision } from './instance-lifecycle.js';
import { provision } from './instance-provision.js';
import { rollback } from './instance-rollback.js';
import { scale } from './instance-scale.js';
import { type Instance, type Operation, toInstance } from './model.js';
import type { CommandContext } from './on-instance.js';
import { cancel, promote, waitFor } from './operation-commands.js';
import type { OperationSignal } from './operation-signal.js';
import type { Principal } from './scopes.js';
import type { SecretService } from './secrets.js';

/**
 * Lifecycle mutations. Each validates, checks the provider's capability and
 * the state machine, then writes the queued Operation, the instance's new
 * desired state and the first Event in one transaction. The executor does the
 * provider work; nothing here calls a provider except exec, which is direct.
 *
 * Each command lives in its own module (instance-provision.ts,
 * instance-deploy.ts, instance-rollback.ts, instance-scale.ts,
 * instance-lifecycle.ts, operation-commands.ts; the path they share in
 * on-instance.ts); this class is the one handle the schema calls them through.
 */
export class InstanceCommands {
  readonly #ctx: CommandContext;

  constructor(
    readonly db: DbHandle,
    protected readonly registry: Registry,
    secrets: SecretService,
    readonly signal: OperationSignal,
    /** Builds from source: services given `build:` instead of `image:` (issue 33). */
    builds?: BuildConfig,
  ) {
    this.#ctx = { db, registry, secrets, signal, ...(builds ? { builds } : {}) };
  }

  provision(caller: Principal, input: ProvisionInput): Promise<Enqueued> {
    return provision(this.#ctx, caller, input);
  }

  deploy(caller: Principal, input: DeployInput): Promise<Enqueued> {
    return deploy(this.#ctx, caller, input);
  }

  rollback(caller: Principal, input: RollbackInput): Promise<Enqueued> {
    return rollback(this.#ctx, caller, input);
  }

  scale(caller: Principal, input: ScaleInput): Promise<Enqueued> {
    return scale(this.#ctx, caller, input);
  }

  /** start, stop, restart, deprovision: no input beyond the instance. */
  action(caller: Principal, kind: 'start' | 'stop' | 'restart' | 'deprovision', input: OnInstance): Promise<Enqueued> {
    return action(this.#ctx, caller, kind, input);
  }

  /** A teardown; volumes (and their data) go too only with `deleteVolumes`. */
  deprovision(caller: Principal, input: DeprovisionInput): Promise<Enqueued> {
    return deprovision(this.#ctx, caller, input);
  }

  /** Cancels a queued operation at once; asks a running one to stop (the executor aborts its wait). */
  cancel(caller: Principal, operationId: string): Promise<Operation> {
    return cancel(this.#ctx, caller, operationId);
  }

  /** Asks a canary's driver to take its next step now (`full`: straight to 100 %). */
  promote(caller: Principal, operationId: string, full: boolean): Promise<Operation> {
    return promote(this.#ctx, caller, operationId, full);
  }

  /** Resolves when the operation has ended (any replica may run it). */
  waitFor(tenantId: string, operationId: string, signal?: AbortSignal): Promise<Operation> {
    return waitFor(this.#ctx, tenantId, operationId, signal);
  }

  async findInstance(tenantId: string, id: string): Promise<Instance | undefined> {
    const row = await instances.findInstance(this.db, tenantId, id);
    return row ? toInstance(row) : undefined;
  }
}

// The worker still imports the builder from here; it moves to event-rows.ts when the worker switches.
export { event } from './event-rows.js';
