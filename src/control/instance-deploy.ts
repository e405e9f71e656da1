import { randomUUID } from 'node:crypto';
import { type DbTransaction, json } from '../db/db-types.js';
import * as instances from '../db/repositories/instance-repository.js';
import { insertJob } from '../db/repositories/job-repository.js';
import * as routeRows from '../db/repositories/route-repository.js';
import { canaryNeedsRoute, measuresLatency } from '../providers/progressive.js';
import type { DeployStrategy } from '../providers/provider.js';
import { refuseUnfollowedPolicy, requireRouteForScaleToZero, withAutoscaledReplicas } from './autoscale-validation.js';
import { checkBuildsAhead, dropArchives, queueBuildsAhead, withArchiveDigests } from './builds-ahead.js';
import { NotFoundError, ValidationError } from './errors.js';
import type { Enqueued } from './idempotency.js';
import type { DeployInput } from './instance-inputs.js';
import { type CheckedCommand, checkJobCommand, DEFAULT_RELEASE_COMMAND_TIMEOUT_SECONDS } from './jobs.js';
import type { StoredServiceSpec } from './model.js';
import { type CommandContext, type CommandPlan, onInstance, requireStrategy } from './on-instance.js';
import { providerFor, requireCapability } from './provider-calls.js';
import { checkStrategyInputs, refuseUnmeasuredLatency, startingRollout } from './rollout-inputs.js';
import type { Principal } from './scopes.js';
import { checkSetChange, checkSetChangeInput, refuseFixedFields, refuseSetChange } from './service-set-change.js';
import { checkSource, renderSource, sourceTypeOf, type WorkloadSourceInput } from './source-specs.js';
import {
  checkArgv,
  checkEnv,
  checkHealthCheck,
  checkImageOrBuild,
  checkNoNul,
  checkPorts,
  checkResources,
  checkSecretRefs,
  checkSecretsInVault,
  checkVolumes,
  Problems,
} from './spec-validation.js';

/**
 * A new release of some of an instance's services (new image, env, command,
 * ports, resources, health check) by a strategy: ROLLING, RECREATE, or a
 * CANARY or BLUE_GREEN rollout (behind the services' routes where the
 * provider's canary engine splits at an edge). A source instance is deployed
 * a new source instead.
 */
export async function deploy(ctx: CommandContext, caller: Principal, input: DeployInput): Promise<Enqueued> {
  if (input.source) return deploySource(ctx, caller, input, input.source);
  const p = new Problems();
  checkNoNul(p, input, ['input']);
  p.throwIfAny();
  const setChange = checkSetChangeInput(
    p,
    input,
    input.services.map((s) => s.name),
    input.instanceId,
  );
  const changesSet = setChange.added.length > 0 || setChange.removed.length > 0;
  if (input.services.length === 0 && !changesSet)
    p.add(['input', 'services'], 'must name at least one service (or give addServices or removeServices)');
  const seen = new Set<string>();
  const deploys = input.services.map((s, i) => {
    const at = ['input', 'services', i];
    if (seen.has(s.name)) p.add([...at, 'name'], `service ${s.name} is listed twice`);
    seen.add(s.name);
    const image = checkImageOrBuild(p, s, at);
    const env = s.env ? checkEnv(p, s.env, [...at, 'env']) : undefined;
    return {
      name: s.name,
      image,
      env,
      dependsOn: s.dependsOn ? [...s.dependsOn] : undefined,
      secrets: s.secrets ? checkSecretRefs(p, s.secrets, env ?? {}, [...at, 'secrets']) : undefined,
      volumes: s.volumes ? checkVolumes(p, s.volumes, [...at, 'volumes']) : undefined,
      command: checkArgv(p, s.command, [...at, 'command']),
      args: checkArgv(p, s.args, [...at, 'args']),
      ports: s.ports ? checkPorts(p, s.ports, [...at, 'ports']) : undefined,
      resources: s.resources ? checkResources(p, s.resources, [...at, 'resources'], 1, 'later') : undefined,
      healthCheck: checkHealthCheck(p, s.healthCheck, [...at, 'healthCheck']),
    };
  });
  const strategy: DeployStrategy = input.strategy ?? 'rolling';
  checkStrategyInputs(p, strategy, input.canary, input.blueGreen);
  const releaseCommand = input.releaseCommand
    ? {
        service: input.releaseCommand.service,
        ...checkJobCommand(
          p,
          input.releaseCommand,
          ['input', 'releaseCommand'],
          DEFAULT_RELEASE_COMMAND_TIMEOUT_SECONDS,
        ),
      }
    : undefined;
  const progressive = strategy === 'canary' || strategy === 'blue_green';
  if (progressive) {
    deploys.forEach((d, i) => {
      // The new set starts as large as the stable one: a change of replicas is a scale, before or after.
      if (d.resources?.replicas != null)
        p.add(['input', 'services', i, 'resources', 'replicas'], 'a canary keeps the replica count: scale separately');
    });
  }
  // A canary's two sets are the same services at two releases: a set change has no stable side to compare.
  if (progressive && changesSet)
    p.add(['input', 'strategy'], 'services are added or removed by ROLLING or RECREATE: deploy the change first');
  p.throwIfAny();
  const refs = [...setChange.added, ...deploys].flatMap((s) => s.secrets ?? []);
  const missingSecrets = await ctx.secrets.missing(caller.tenantId, [...new Set(refs.map((r) => r.key))]);
  setChange.added.forEach((s, i) => {
    checkSecretsInVault(p, s.secrets, missingSecrets, ['input', 'addServices', i, 'secrets']);
  });
  deploys.forEach((d, i) => {
    checkSecretsInVault(p, d.secrets ?? [], missingSecrets, ['input', 'services', i, 'secrets']);
  });
  p.throwIfAny();
  // Services given `build:` are built first, by BUILD operations queued ahead of this deploy (builds-ahead.ts).
  const building = input.services.some((s) => s.build != null);
  const found = building ? await instances.findInstance(ctx.db, caller.tenantId, input.instanceId) : undefined;
  if (building && !found) throw new NotFoundError('instance');
  const ahead = found
    ? await checkBuildsAhead(ctx, caller, input.services, ['input', 'services'], found.provider_key)
    : [];
  const built = new Set(ahead.map((a) => a.service));
  /** The operation this request's builds were queued ahead of (its transaction may still roll back). */
  let queuedFor: string | undefined;
  const remembered = withArchiveDigests(input, ahead);
  const queued = await onInstance(ctx, caller, remembered, 'deploy', 'deploy', async (tx, row, provider) => {
    requireCapability(provider, row.provider_key, 'deploy');
    if (row.source_type !== 'services') {
      throw ValidationError.of(['input', 'source'], `this instance runs a ${row.source_type} source: deploy a source`);
    }
    const added = setChange.added;
    if (deploys.some((d) => d.resources?.autoscale) || added.some((s) => s.resources.autoscale))
      requireCapability(provider, row.provider_key, 'autoscale');
    if ([...added, ...deploys].some((s) => s.volumes?.length)) requireCapability(provider, row.provider_key, 'volumes');
    if (added.some((s) => s.resources.gpu)) requireCapability(provider, row.provider_key, 'gpu');
    requireStrategy(provider, row.provider_key, strategy);
    if (releaseCommand) requireCapability(provider, row.provider_key, 'jobs');
    const current = row.services;
    const problems = new Problems();
    const routes = await routeRows.listInstanceRoutes(tx, row.tenant_id, row.id);
    const routed = new Set(routes.map((r) => r.service));
    added.forEach((s, i) => {
      const at = ['input', 'addServices', i, 'resources', 'autoscale'];
      refuseUnfollowedPolicy(problems, provider.engines.autoscaler, s.resources.autoscale, at);
    });
    deploys.forEach((d, i) => {
      if (!current.some((s) => s.name === d.name))
        problems.add(['input', 'services', i, 'name'], `the instance has no service "${d.name}"`);
      const at = ['input', 'services', i, 'resources', 'autoscale'];
      refuseUnfollowedPolicy(problems, provider.engines.autoscaler, d.resources?.autoscale, at);
      requireRouteForScaleToZero(problems, d.resources?.autoscale, routed.has(d.name), at);
    });
    if (releaseCommand && !current.some((s) => s.name === releaseCommand.service))
      problems.add(['input', 'releaseCommand', 'service'], `the instance has no service "${releaseCommand.service}"`);
    refuseUnmeasuredLatency(problems, measuresLatency(provider), input.canary, input.blueGreen);
    if (progressive && canaryNeedsRoute(provider)) {
      // This engine's edge splits a route's requests (or serves the preview beside it): every service needs one.
      deploys.forEach((d, i) => {
        if (!routed.has(d.name))
          problems.add(
            ['input', 'services', i, 'name'],
            `service ${d.name} has no route: a ${strategy === 'canary' ? 'canary splits' : 'blue-green preview sits beside'} a route's requests (addRoute first)`,
          );
      });
    }
    problems.throwIfAny();
    const changed = deploys.map((d) => {
      const base = current.find((s) => s.name === d.name)!;
      return {
        ...base,
        // A service being built keeps its running image until its build writes the new one in.
        image: built.has(d.name) ? base.image : d.image,
        ...(d.env ? { env: d.env } : {}),
        ...(d.command ? { command: d.command } : {}),
        ...(d.args ? { args: d.args } : {}),
        ...(d.ports ? { ports: d.ports } : {}),
        // A deploy keeps the replicas an autoscaler set (within the policy's bounds, if it changes them).
        ...(d.resources
          ? { resources: withAutoscaledReplicas({ ...base.resources, ...d.resources }, base.resources.replicas) }
          : base.resources.autoscale
            ? { resources: withAutoscaledReplicas(base.resources, base.resources.replicas) }
            : {}),
        ...(d.healthCheck ? { healthCheck: d.healthCheck } : {}),
        ...(d.dependsOn ? { dependsOn: d.dependsOn } : {}),
        ...(d.secrets ? { secrets: d.secrets } : {}),
        ...(d.volumes ? { volumes: d.volumes } : {}),
      } satisfies StoredServiceSpec;
    });
    // The set after the deploy keeps its rules: what is added, removed, or newly depended on.
    const setProblems = new Problems();
    refuseFixedFields(setProblems, provider, current, changed, input);
    if (changesSet) refuseSetChange(setProblems, provider, input);
    const merged = current.map((s) => changed.find((c) => c.name === s.name) ?? s);
    const deployedAt = (name: string) => {
      const i = deploys.findIndex((d) => d.name === name && d.dependsOn);
      return i >= 0 ? ['input', 'services', i] : undefined;
    };
    if (changesSet || deploys.some((d) => d.dependsOn))
      checkSetChange(setProblems, merged, setChange, routes, deployedAt);
    setProblems.throwIfAny();
    const rollout = startingRollout(
      strategy,
      input.canary,
      input.blueGreen,
      deploys.map((d) => d.name),
    );
    for (const [key, value] of Object.entries(setChange.configContents)) {
      await ctx.secrets.putInternal(caller.tenantId, key, value, tx);
    }
    return {
      changed,
      ...(added.length > 0 ? { added } : {}),
      ...(setChange.removed.length > 0 ? { removed: setChange.removed } : {}),
      strategy,
      ...(rollout ? { rollout } : {}),
      ...(ahead.length > 0
        ? {
            queueAhead: (tx: DbTransaction, opId: string) => {
              queuedFor = opId;
              return queueBuildsAhead(tx, row, caller, ahead, opId);
            },
          }
        : {}),
      ...(releaseCommand ? { releaseCommand: releaseJobOf(row, caller, releaseCommand) } : {}),
    };
  }).catch(async (err: unknown) => {
    await dropArchives(ctx, ahead);
    throw err;
  });
  // A retry (same idempotency key) answered the first request's operation: this one's archives are not needed.
  if (ahead.length > 0 && queuedFor !== queued.operation.id) await dropArchives(ctx, ahead);
  return queued;
}

/** A deploy's release command as a job of the deploy's own operation, written with it. */
function releaseJobOf(
  row: { id: string; tenant_id: string },
  caller: Principal,
  rc: CheckedCommand & { service: string },
): NonNullable<CommandPlan['releaseCommand']> {
  const jobId = randomUUID();
  return {
    jobId,
    write: (tx, operationId) =>
      insertJob(tx, {
        id: jobId,
        tenant_id: caller.tenantId,
        instance_id: row.id,
        operation_id: operationId,
        service: rc.service,
        command: json(rc.command),
        env: json({}),
        timeout_seconds: rc.timeoutSeconds,
        status: 'queued',
      }),
  };
}

/**
 * A deploy of a new source to a source instance: checked, rendered and
 * validated against the cluster before the release is written (issue 26).
 */
async function deploySource(
  ctx: CommandContext,
  caller: Principal,
  input: DeployInput,
  sourceInput: WorkloadSourceInput,
): Promise<Enqueued> {
  const p = new Problems();
  checkNoNul(p, input, ['input']);
  p.throwIfAny();
  const source = checkSource(p, sourceInput, ['input', 'source']);
  if (input.services.length > 0) p.add(['input', 'services'], 'must be empty when a source is given');
  if (input.releaseCommand) p.add(['input', 'releaseCommand'], 'a source is applied as a whole: no release command');
  if (input.strategy && input.strategy !== 'rolling')
    p.add(['input', 'strategy'], 'a source is applied as a whole: only ROLLING');
  p.throwIfAny();
  const row = await instances.findInstance(ctx.db, caller.tenantId, input.instanceId);
  if (!row) throw new NotFoundError('instance');
  const type = sourceTypeOf(source);
  if (row.source_type === 'services')
    throw ValidationError.of(['input', 'source'], 'this instance runs services: deploy services to it');
  if ((row.source_type === 'argocd') !== (type === 'argocd'))
    throw ValidationError.of(['input', 'source'], `this instance runs a ${row.source_type} source, not ${type}`);
  const missing = await ctx.secrets.missing(
    caller.tenantId,
    source.secrets.map((r) => r.key),
  );
  checkSecretsInVault(p, source.secrets, missing, ['input', 'source', 'secrets']);
  p.throwIfAny();
  const provider = providerFor(ctx.registry, row.provider_key);
  requireCapability(provider, row.provider_key, 'deploy');
  const rendered = await renderSource(
    ctx.registry,
    row.provider_key,
    provider,
    { instanceId: row.id, tenantId: caller.tenantId, name: row.name, source },
    ['input', 'source'],
  );
  return onInstance(ctx, caller, input, 'deploy', 'deploy', async () => ({
    source: rendered,
    strategy: 'rolling',
  }));
}
