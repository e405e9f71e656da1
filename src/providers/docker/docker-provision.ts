/**
 * Provision on Docker: the images are checked before anything is created (a
 * missing one leaves nothing behind), then the instance's network, then each
 * dependency level of services, whose members are created and started
 * together. Repeating it converges: containers of services no longer wanted
 * are removed, the rest recreated to their spec.
 */
import type { ProvisionRequest, ProvisionResult } from '../provider.js';
import type { Call } from './docker-call.js';
import type { Listed } from './docker-engine.js';
import { baseLabels } from './docker-names.js';
import type { DockerParts } from './docker-parts.js';
import { snapshotEndpoints } from './docker-replicas.js';
import { settleAll } from './docker-rollout.js';
import { configTarOf, labelledSpecOf, replicasOf, SpecError, startLevels, validateProvision } from './docker-spec.js';

/** Creates (or converges) every object of an instance. */
export async function provisionInstance(
  parts: DockerParts,
  call: Call,
  req: ProvisionRequest,
): Promise<ProvisionResult> {
  validateProvision(req);
  const gpu = req.services.find((s) => s.resources.gpu);
  if (gpu && !parts.facts.nvidia) {
    throw new SpecError(`service ${gpu.name} asks for a GPU, and this Engine lists no nvidia runtime`);
  }
  const secretValues = req.secretValues ?? {};
  call.secrets.push(...Object.values(secretValues));
  for (const svc of req.services) {
    for (const ref of svc.secrets) {
      if (secretValues[ref.key] === undefined) {
        throw new SpecError(`service ${svc.name}: no value was provided for secret ${ref.key} (${ref.envName})`);
      }
    }
  }
  const { engine } = parts;
  // Every image is checked before anything is created, so a missing one leaves nothing behind.
  const [imageIds] = await Promise.all([
    engine.ensureImages(
      call,
      req.services.map((s) => s.image),
    ),
    parts.facts.engineVersion
      ? undefined
      : engine.version(call).then((v) => {
          parts.facts.engineVersion = v.Version;
        }),
  ]);
  // Later calls read these back from the network, so the provider's labels reach every object.
  const base = baseLabels({ ...req, labels: { ...req.labels, ...parts.labels } });
  const [network, existing] = await Promise.all([
    engine.ensureNetwork(call, req.instanceId, base),
    engine.list(call, req.instanceId),
  ]);
  const wanted = new Set(req.services.map((s) => s.name));
  await engine.removeAll(
    call,
    existing.filter((c) => !wanted.has(c.service)),
  );
  // The services of one dependency level do not wait for each other: they are created and started together.
  for (const level of startLevels(req.services)) {
    await settleAll(
      level.map((svc) => convergeProvisioned(parts, call, req, svc, { network, base, imageIds, existing })),
    );
  }
  const snap = await engine.snapshot(call, req.instanceId);
  const serviceRefs: Record<string, string> = {};
  for (const [service, replicas] of snap.current) {
    const first = replicas[0];
    if (first) serviceRefs[service] = first.info.Id;
  }
  return { providerRef: network, serviceRefs, endpoints: snapshotEndpoints(snap), metadata: { network } };
}

/** One service of a provision, recreated to its spec (see Rollout.converge). */
function convergeProvisioned(
  parts: DockerParts,
  call: Call,
  req: ProvisionRequest,
  svc: ProvisionRequest['services'][number],
  at: { network: string; base: Record<string, string>; imageIds: Map<string, string>; existing: Listed[] },
): Promise<void> {
  const secretValues = req.secretValues ?? {};
  return parts.rollout.converge(call, {
    instanceId: req.instanceId,
    kind: req.kind,
    network: at.network,
    base: at.base,
    releaseId: req.releaseId,
    spec: labelledSpecOf(svc),
    imageId: at.imageIds.get(svc.image) ?? svc.image,
    replicas: replicasOf(svc),
    secretEnv: Object.fromEntries(svc.secrets.map((r) => [r.envName, secretValues[r.key] ?? ''])),
    configTar: configTarOf(svc.name, svc.configFiles),
    mode: 'recreate',
    existing: at.existing.filter((c) => c.service === svc.name),
  });
}
