/**
 * Deploy and rollback on Docker: new specs for the named services, merged
 * onto what their containers carry, checked before anything changes, then
 * converged one service at a time (see docker-rollout.ts).
 */
import { type DeployRequest, DeployStrategies } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { ServiceRoles, type ServiceSpec } from '../service-spec.js';
import type { Call } from './docker-call.js';
import type { DockerEngine, Listed } from './docker-engine.js';
import { reference, replicaCount } from './docker-replicas.js';
import { type Rollout, settleAll } from './docker-rollout.js';
import {
  carriedSecrets,
  configTarOf,
  type LabelledServiceSpec,
  labelledSpecOf,
  limitsOf,
  mergeDeploy,
  replicasOf,
  SpecError,
  startLevels,
  validatePorts,
  validateResources,
  validateService,
} from './docker-spec.js';

/**
 * Deploys new specs of the named services: everything is read and checked
 * first, then each service converges through the rollout. Returns the
 * instance's network.
 */
export async function deployServices(
  engine: DockerEngine,
  rollout: Rollout,
  call: Call,
  req: DeployRequest,
  facts: { nvidia?: boolean },
): Promise<string> {
  const { instanceId, releaseId, services, strategy, secretValues } = req;
  const add = req.add ?? [];
  const remove = req.remove ?? [];
  if (strategy !== DeployStrategies.rolling && strategy !== DeployStrategies.recreate) {
    throw new SpecError(`deploy strategy ${strategy} is not supported by the Docker provider`);
  }
  call.secrets.push(...Object.values(secretValues ?? {}));
  const all = await engine.listOrThrow(call, instanceId);
  const instance = await engine.instanceContext(call, instanceId);
  const seen = new Set<string>();
  checkAddedServices(add, secretValues ?? {}, facts);
  const prepared: Array<{
    spec: LabelledServiceSpec;
    mine: Listed[];
    refId: string;
    replicas: number;
    secretEnv: Record<string, string>;
  }> = [];
  // Everything is read and checked first, so a bad spec or a missing image changes nothing.
  for (const d of services) {
    if (seen.has(d.name)) throw new SpecError(`service ${d.name} is listed twice`);
    seen.add(d.name);
    const { mine } = serviceOf(call, instanceId, all, d.name);
    const ref = reference(mine);
    const info = await engine.docker.getContainer(ref.id).inspect(call.opts());
    const stored = engine.labelledSpec(call, info);
    const spec = mergeDeploy(stored, d, limitsOf(info));
    const wanted = d.resources?.replicas;
    const replicas = stored.role === ServiceRoles.init ? 1 : wanted && wanted > 0 ? wanted : replicaCount(mine);
    if (d.resources) validateResources(d.name, d.resources);
    validatePorts(d.name, spec.ports, replicas);
    // The merged spec's refs: a secret the deploy adds takes its value from the request.
    const secretEnv = carriedSecrets(info, spec, secretValues);
    call.secrets.push(...Object.values(secretEnv));
    prepared.push({ spec, mine, refId: ref.id, replicas, secretEnv });
  }
  const imageIds = await engine.ensureImages(call, [...prepared.map((p) => p.spec.image), ...add.map((s) => s.image)]);
  const base = { instanceId, kind: instance.kind, network: instance.network, base: instance.base, releaseId };
  // New services first (a changed one may come to depend on them), by dependency level as at provision.
  for (const level of startLevels(add)) {
    await settleAll(
      level.map((svc) =>
        rollout.converge(call, {
          ...base,
          spec: labelledSpecOf(svc),
          imageId: imageIds.get(svc.image) ?? svc.image,
          replicas: replicasOf(svc),
          secretEnv: Object.fromEntries(svc.secrets.map((r) => [r.envName, secretValues?.[r.key] ?? ''])),
          configTar: configTarOf(svc.name, svc.configFiles),
          mode: 'recreate',
          existing: all.filter((c) => c.service === svc.name),
        }),
      ),
    );
  }
  for (const p of prepared) {
    await rollout.converge(call, {
      instanceId,
      kind: instance.kind,
      network: instance.network,
      base: instance.base,
      releaseId,
      spec: p.spec,
      imageId: imageIds.get(p.spec.image) ?? p.spec.image,
      replicas: p.replicas,
      secretEnv: p.secretEnv,
      configTar: await engine.readConfigTar(call, p.refId, p.spec.configFiles),
      mode: strategy === DeployStrategies.recreate ? 'recreate' : 'rolling',
      existing: p.mine,
    });
  }
  // Removed services go last, once nothing changed depends on them: each container stopped gracefully
  // (its stop signal and grace period), then removed; named volumes stay, as at a deprovision.
  const gone = new Set(remove);
  await engine.removeAll(
    call,
    all.filter((c) => gone.has(c.service)),
  );
  return instance.network;
}

/**
 * Checks a deploy's added services before anything changes: each
 * added one by the provision's rules, its secrets given and its GPU
 * available. Containers an added service already has (a retried deploy) are
 * converged, and a removed service already absent is fine.
 */
function checkAddedServices(
  add: ServiceSpec[],
  secretValues: Record<string, string>,
  facts: { nvidia?: boolean },
): void {
  for (const svc of add) {
    validateService(svc);
    if (svc.resources.gpu && !facts.nvidia)
      throw new SpecError(`service ${svc.name} asks for a GPU, and this Engine lists no nvidia runtime`);
    for (const ref of svc.secrets) {
      if (secretValues[ref.key] === undefined)
        throw new SpecError(`service ${svc.name}: no value was provided for secret ${ref.key} (${ref.envName})`);
    }
  }
}

/** The named service (the main one when unnamed) and its containers; not_found when absent. */
export function serviceOf(
  call: Call,
  instanceId: string,
  all: Listed[],
  name: string | undefined,
): { service: string; mine: Listed[] } {
  const service = name || all.find((c) => c.role === ServiceRoles.main)?.service;
  const mine = all.filter((c) => c.service === service);
  if (!service || mine.length === 0) {
    throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${name ?? '(main)'}`);
  }
  return { service, mine };
}
