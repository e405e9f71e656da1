import type { DbHandle } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import type { ExecResult } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';
import { InvalidStateError, NotFoundError, ValidationError } from './errors.js';
import { acquireProvider, callProvider, providerFor, requireCapability } from './provider-calls.js';
import type { Principal } from './scopes.js';
import { checkArgv, checkNoNul, Problems } from './spec-validation.js';
import { assertAllowed } from './state-machine.js';

export interface ExecInput {
  instanceId: string;
  service?: string | null;
  command: readonly string[];
  stdin?: string | null;
  timeoutSeconds?: number | null;
}

const EXEC_DEFAULT_TIMEOUT_S = 30;
const EXEC_MAX_TIMEOUT_S = 300;
const MAX_STDIN = 1024 * 1024;
/** Headroom over the command's own timeout for the provider to answer. */
const EXEC_SLACK_S = 10;

/** Runs a command in a service now: not an operation (nothing changes), so it calls the provider directly. */
export class InstanceExec {
  constructor(
    private readonly db: DbHandle,
    private readonly registry: Registry,
  ) {}

  async exec(caller: Principal, input: ExecInput): Promise<ExecResult> {
    const p = new Problems();
    checkNoNul(p, input, ['input']);
    if (input.command.length === 0) p.add(['input', 'command'], 'must not be empty');
    checkArgv(p, input.command, ['input', 'command']);
    if (input.stdin != null && Buffer.byteLength(input.stdin) > MAX_STDIN)
      p.add(['input', 'stdin'], 'is larger than 1 MiB');
    const timeout = input.timeoutSeconds ?? EXEC_DEFAULT_TIMEOUT_S;
    if (!Number.isInteger(timeout) || timeout < 1 || timeout > EXEC_MAX_TIMEOUT_S) {
      p.add(['input', 'timeoutSeconds'], `must be an integer from 1 to ${EXEC_MAX_TIMEOUT_S}`);
    }
    p.throwIfAny();
    const row = await instances.findInstance(this.db, caller.tenantId, input.instanceId);
    if (!row) throw new NotFoundError('instance');
    // A destroyed instance is still listed (state DESTROYED): refusing it is a state error, not "not found".
    assertAllowed('exec', row.state, row.desired_state);
    const provider = providerFor(this.registry, row.provider_key);
    requireCapability(provider, row.provider_key, 'exec');
    const service = input.service
      ? row.services.find((s) => s.name === input.service)
      : row.services.find((s) => s.role === 'main');
    if (!service) throw ValidationError.of(['input', 'service'], `the instance has no service "${input.service}"`);
    return callProvider(
      row.provider_key,
      () => new InvalidStateError('stopped', 'exec into'),
      async () => {
        const { ctx } = await acquireProvider(
          this.registry,
          row.provider_key,
          AbortSignal.timeout((timeout + EXEC_SLACK_S) * 1000),
        );
        return provider.exec(ctx, row.id, {
          command: [...input.command],
          serviceName: service.name,
          ...(input.stdin != null ? { stdin: input.stdin } : {}),
          timeoutMs: timeout * 1000,
        });
      },
    );
  }
}
