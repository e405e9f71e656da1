import type { BuildConfig } from '../config.js';
import type { DbHandle } from '../db/db-types.js';
import type { ExecResult } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';
import { InstanceCommands } from './instance-commands.js';
import { type ExecInput, InstanceExec } from './instance-exec.js';
import { InstanceLogs } from './instance-logs.js';
import { InstanceResources } from './instance-resources.js';
import type { Instance } from './model.js';
import type { OperationSignal } from './operation-signal.js';
import type { Principal } from './scopes.js';
import type { SecretService } from './secrets.js';
import { type SourceObject, sourceObjectsOf } from './source-objects.js';

// The worker still imports the builder from here; it moves to event-rows.ts when the worker switches.
export { event } from './event-rows.js';

/**
 * Everything the API does to instances, by concern: the lifecycle commands
 * (instance-commands.ts, each one queued operation), exec (instance-exec.ts,
 * a direct provider call), log streams (instance-logs.ts) and live usage
 * (instance-resources.ts). Schema resolvers reach providers only through here.
 */
export class InstanceService extends InstanceCommands {
  /** Log streams through the instance's provider. */
  readonly logs: InstanceLogs;
  /** Live resource usage through the instance's provider. */
  readonly resources: InstanceResources;
  readonly #exec: InstanceExec;

  constructor(db: DbHandle, registry: Registry, secrets: SecretService, signal: OperationSignal, builds?: BuildConfig) {
    super(db, registry, secrets, signal, builds);
    this.logs = new InstanceLogs(registry);
    this.resources = new InstanceResources(registry);
    this.#exec = new InstanceExec(db, registry);
  }

  /** Runs a command in a service now (not an operation: nothing changes). */
  exec(caller: Principal, input: ExecInput): Promise<ExecResult> {
    return this.#exec.exec(caller, input);
  }

  /** The objects a source instance applied last, with their readiness (issue 26). */
  sourceObjects(instance: Instance): Promise<SourceObject[]> {
    return sourceObjectsOf(this.db, instance);
  }
}
