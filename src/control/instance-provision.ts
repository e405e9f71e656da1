import { randomUUID } from 'node:crypto';
import type { InstanceRow } from '../db/database.js';
import { json } from '../db/db-types.js';
import { isInstanceNameTaken } from '../db/errors.js';
import * as instances from '../db/repositories/instance-repository.js';
import * as releases from '../db/repositories/release-repository.js';
import type { Provider } from '../providers/provider.js';
import { refuseUnfollowedPolicy } from './autoscale-validation.js';
import type { ServiceVolumes } from './backup-schedules.js';
import { checkBuildsAhead, dropArchives, queueBuildsAhead, withArchiveDigests } from './builds-ahead.js';
import { ValidationError } from './errors.js';
import { event } from './event-rows.js';
import { type Enqueued, enqueueIdempotent, idempotencyOf } from './idempotency.js';
import type { ProvisionInput } from './instance-inputs.js';
import { attachKept, checkKeptAttachments } from './kept-volumes.js';
import { type CommandContext, toSnapshot } from './on-instance.js';
import { enqueueOperation } from './operation-queue.js';
import { requireCapability } from './provider-calls.js';
import { checkStandardCron } from './schedule-cron.js';
import { type CheckedSpec, checkScheduleSpec, insertSchedules, type ScheduleSpec } from './schedules.js';
import type { Principal } from './scopes.js';
import { checkSource, renderSource } from './source-specs.js';
import {
  checkInstanceLabels,
  checkName,
  checkNoNul,
  checkSecretsInVault,
  Problems,
  validateServices,
} from './spec-validation.js';
import { refuseUnenforcedSizes } from './volume-sizes.js';

/**
 * Creates an instance: validates its services (or its source), resolves the
 * provider and checks its capabilities, then inserts the instance, its first
 * release and the queued provision in one transaction.
 */
export async function provision(ctx: CommandContext, caller: Principal, input: ProvisionInput): Promise<Enqueued> {
  const p = new Problems();
  checkNoNul(p, input, ['input']);
  p.throwIfAny();
  checkName(p, input.name, ['input', 'name']);
  const instanceId = randomUUID();
  // Either services or exactly one source (issue 26).
  const source = input.source ? checkSource(p, input.source, ['input', 'source']) : undefined;
  if (source && input.services.length > 0) p.add(['input', 'services'], 'must be empty when a source is given');
  const { services, configContents } = source
    ? { services: [], configContents: {} }
    : validateServices(
        p,
        input.services,
        ['input', 'services'],
        (svc, file) => `_config/${instanceId}/${svc}/${file}`,
        new Set(input.routedServices ?? []),
      );
  const labels = checkInstanceLabels(p, input.labels, ['input', 'labels']);
  const schedules = checkSchedules(p, input.schedules ?? [], services, new Date());
  const r = input.readiness;
  if (
    r?.timeoutSeconds != null &&
    (!Number.isInteger(r.timeoutSeconds) || r.timeoutSeconds < 1 || r.timeoutSeconds > 3600)
  ) {
    p.add(['input', 'readiness', 'timeoutSeconds'], 'must be an integer from 1 to 3600');
  }
  if (
    r?.intervalSeconds != null &&
    (!Number.isInteger(r.intervalSeconds) || r.intervalSeconds < 1 || r.intervalSeconds > 300)
  ) {
    p.add(['input', 'readiness', 'intervalSeconds'], 'must be an integer from 1 to 300');
  }
  let providerKey = '';
  let provider: Provider | undefined;
  try {
    const resolved = input.provider ? ctx.registry.resolve(input.provider) : ctx.registry.resolveDefault();
    providerKey = resolved.key;
    provider = resolved.provider;
  } catch {
    p.add(['input', 'provider'], input.provider ? `unknown provider "${input.provider}"` : 'no provider is registered');
  }
  if (provider?.engines.schedules) {
    (input.schedules ?? []).forEach((spec, i) => {
      checkStandardCron(p, spec.cron, ['input', 'schedules', i]);
    });
  }
  const sourceKeys = source?.secrets.map((ref) => ref.key) ?? [];
  const secretKeys = [...new Set([...services.flatMap((s) => s.secrets.map((ref) => ref.key)), ...sourceKeys])];
  p.throwIfAny();
  const missing = await ctx.secrets.missing(caller.tenantId, secretKeys);
  if (source) checkSecretsInVault(p, source.secrets, missing, ['input', 'source', 'secrets']);
  services.forEach((s, i) => {
    checkSecretsInVault(p, s.secrets, missing, ['input', 'services', i, 'secrets']);
  });
  p.throwIfAny();
  if (!provider) throw new Error('unreachable: provider resolved above');
  requireCapability(provider, providerKey, 'provision');
  if (services.some((s) => s.volumes.length > 0)) requireCapability(provider, providerKey, 'volumes');
  await refuseUnenforcedSizes(ctx.registry, providerKey, provider, input.services);
  const keptIds = await checkKeptAttachments(
    ctx.db,
    caller.tenantId,
    providerKey,
    provider,
    input.services,
    services,
    input.idempotencyKey,
  );
  if (services.some((s) => s.resources.gpu)) requireCapability(provider, providerKey, 'gpu');
  if (schedules.length > 0) requireCapability(provider, providerKey, 'schedules');
  if (schedules.some((sc) => sc.backup)) requireCapability(provider, providerKey, 'volume-backup');
  // Rendered and validated against the cluster before anything is written: a bad document applies nothing.
  const rendered = source
    ? await renderSource(
        ctx.registry,
        providerKey,
        provider,
        { instanceId, tenantId: caller.tenantId, name: input.name, source },
        ['input', 'source'],
      )
    : undefined;
  // Services given `build:` are built first, by BUILD operations queued ahead of the provision (builds-ahead.ts).
  const ahead = source ? [] : await checkBuildsAhead(ctx, caller, input.services, ['input', 'services'], providerKey);
  if (services.some((s) => s.resources.autoscale)) {
    requireCapability(provider, providerKey, 'autoscale');
    const unfollowed = new Problems();
    services.forEach((s, i) => {
      const at = ['input', 'services', i, 'resources', 'autoscale'];
      refuseUnfollowedPolicy(unfollowed, provider.engines.autoscaler, s.resources.autoscale, at);
    });
    unfollowed.throwIfAny();
  }

  const opId = randomUUID();
  const remembered = withArchiveDigests(input, ahead);
  const enqueued = enqueueIdempotent(ctx, caller, remembered, 'provision', undefined, async (tx) => {
    for (const [key, value] of Object.entries(configContents)) {
      await ctx.secrets.putInternal(caller.tenantId, key, value, tx);
    }
    const policy = r
      ? {
          ...(r.timeoutSeconds ? { timeoutMs: r.timeoutSeconds * 1000 } : {}),
          ...(r.intervalSeconds ? { intervalMs: r.intervalSeconds * 1000 } : {}),
        }
      : null;
    let row: InstanceRow;
    try {
      row = await instances.insertInstance(tx, {
        id: instanceId,
        tenant_id: caller.tenantId,
        name: input.name,
        provider_key: providerKey,
        kind: input.kind ?? 'deployment',
        desired_state: 'running',
        state: 'provisioning',
        labels: json(labels),
        services: json(services),
        readiness_policy: policy ? json(policy) : null,
        endpoints: json([]),
        service_status: json({}),
        generation: 1,
        ...(rendered ? { source_type: rendered.type } : {}),
      });
    } catch (err) {
      if (isInstanceNameTaken(err)) {
        throw ValidationError.of(['input', 'name'], `an instance named "${input.name}" already exists`);
      }
      throw err;
    }
    await attachKept(tx, caller.tenantId, keptIds, row.id);
    await insertSchedules(tx, row, schedules);
    const releaseId = randomUUID();
    await releases.insertRelease(tx, {
      id: releaseId,
      tenant_id: caller.tenantId,
      instance_id: row.id,
      version: 1,
      snapshots: json(services.map(toSnapshot)),
      strategy: null,
      operation_id: null,
      ...(rendered ? { source_type: rendered.type, source: json(rendered) } : {}),
    });
    const awaitsBuilds = await queueBuildsAhead(tx, row, caller, ahead, opId);
    const op = await enqueueOperation(tx, {
      id: opId,
      instance: row,
      kind: 'provision',
      params: { services, generation: 1, ...(awaitsBuilds.length > 0 ? { awaitsBuilds } : {}) },
      caller,
      release: { id: releaseId, owned: true },
      idempotency: idempotencyOf('provision', remembered),
      precededBy: [
        event(row, null, 'instance.created', caller, {
          message: `instance ${row.name} created`,
          toState: 'provisioning',
          ready: false,
        }),
        event(row, opId, 'release.created', caller, { message: 'release v1', data: { version: 1, releaseId } }),
      ],
    });
    return { instanceRow: row, opRow: op };
  });
  try {
    const result = await enqueued;
    // A retry (same idempotency key) answered the first request: the archives stored for this one are not needed.
    if (result.operation.id !== opId) await dropArchives(ctx, ahead);
    return result;
  } catch (err) {
    await dropArchives(ctx, ahead);
    throw err;
  }
}

/** The schedules given with a provision, checked against its services (each name once). */
function checkSchedules(
  p: Problems,
  specs: readonly ScheduleSpec[],
  services: readonly ServiceVolumes[],
  now: Date,
): CheckedSpec[] {
  const seen = new Set<string>();
  return specs.map((spec, i) => {
    const at = ['input', 'schedules', i];
    if (seen.has(spec.name)) p.add([...at, 'name'], `"${spec.name}" is given twice`);
    seen.add(spec.name);
    return checkScheduleSpec(p, spec, services, at, now);
  });
}
