/**
 * Scaling on Docker: replicas (the highest indexes go first when scaling
 * down), CPU and memory limits (in place on running containers; lifting a
 * limit replaces them, as the Engine cannot), and scale to zero, which keeps
 * one stopped container because its labels are the only place the service's
 * spec lives. A routed service's restart converges the same way, replacing
 * each replica in turn.
 */
import type { ScaleRequest } from '../provider.js';
import { ServiceRoles } from '../service-spec.js';
import type { Call } from './docker-call.js';
import { serviceOf } from './docker-deploy.js';
import { leaveEdge } from './docker-edge-hooks.js';
import type { Listed } from './docker-engine.js';
import { Labels } from './docker-names.js';
import type { DockerParts } from './docker-parts.js';
import { reference, replicaCount } from './docker-replicas.js';
import {
  carriedSecrets,
  type LabelledServiceSpec,
  limitsOf,
  SpecError,
  validatePorts,
  validateResources,
} from './docker-spec.js';
import { SCALED_TO_ZERO_POLICY } from './docker-status.js';

/** Changes one service's replicas and limits (the main service when the request names none). */
export async function scaleService(parts: DockerParts, call: Call, req: ScaleRequest): Promise<void> {
  const all = await parts.engine.listOrThrow(call, req.instanceId);
  const { service, mine } = serviceOf(call, req.instanceId, all, req.service);
  const r = req.resources;
  if (r.gpu) throw new SpecError('a GPU request is made at provision; scale does not change it');
  validateResources(service, r);
  const info = await parts.engine.docker.getContainer(reference(mine).id).inspect(call.opts());
  const stored = parts.engine.labelledSpec(call, info);
  if (r.replicas === 0) {
    if (stored.role === ServiceRoles.init) throw new SpecError(`init service ${service} runs once`);
    await scaleToZero(parts, call, mine);
    return;
  }
  const replicas = r.replicas === undefined ? replicaCount(mine) : r.replicas;
  if (stored.role === ServiceRoles.init && replicas !== 1) throw new SpecError(`init service ${service} runs once`);
  const limits = limitsOf(info);
  await reconverge(parts, call, req.instanceId, mine, {
    cpuMillis: r.cpuMillis === undefined ? limits.cpuMillis : r.cpuMillis || undefined,
    memoryMb: r.memoryMb === undefined ? limits.memoryMb : r.memoryMb || undefined,
    replicas,
  });
}

/**
 * Converges one service's containers, rolling, on the spec they carry with
 * the given limits and replica count (the current ones when unset), on the
 * image they already run, so a moved tag never slips in; `replace` replaces
 * every replica (a routed service's restart).
 */
export async function reconverge(
  parts: DockerParts,
  call: Call,
  instanceId: string,
  mine: Listed[],
  change: { cpuMillis?: number; memoryMb?: number; replicas?: number; replace?: boolean },
): Promise<void> {
  const { engine } = parts;
  const ref = reference(mine);
  const info = await engine.docker.getContainer(ref.id).inspect(call.opts());
  const stored = engine.labelledSpec(call, info);
  const limits = limitsOf(info);
  const spec: LabelledServiceSpec = {
    ...stored,
    cpuMillis: 'cpuMillis' in change ? change.cpuMillis : limits.cpuMillis,
    memoryMb: 'memoryMb' in change ? change.memoryMb : limits.memoryMb,
  };
  const replicas = change.replicas ?? replicaCount(mine);
  validatePorts(stored.name, spec.ports, replicas);
  const instance = await engine.instanceContext(call, instanceId);
  const secretEnv = carriedSecrets(info, stored, undefined);
  call.secrets.push(...Object.values(secretEnv));
  await parts.rollout.converge(call, {
    instanceId,
    kind: instance.kind,
    network: instance.network,
    base: instance.base,
    releaseId: ref.labels[Labels.release],
    spec,
    imageId: info.Image,
    replicas,
    secretEnv,
    configTar: await engine.readConfigTar(call, ref.id, stored.configFiles),
    mode: 'rolling',
    existing: mine,
    ...(change.replace ? { replace: true } : {}),
  });
}

/**
 * Scales a service to zero: every replica but the reference is removed and
 * the reference is stopped, not removed, because its labels are the only
 * place the service's spec lives (scaling up again starts it and creates
 * the rest). Status then reports the service stopped and not ready.
 */
async function scaleToZero(parts: DockerParts, call: Call, mine: Listed[]): Promise<void> {
  const keep = reference(mine);
  await leaveEdge(parts.edge, keep.labels[Labels.instance] ?? '', mine);
  await parts.engine.removeAll(
    call,
    mine.filter((c) => c !== keep),
  );
  // The policy goes first, so the engine does not bring the container back, and marks the stop as a scale to zero.
  await parts.engine.docker
    .getContainer(keep.id)
    .update(call.opts({ RestartPolicy: { Name: SCALED_TO_ZERO_POLICY, MaximumRetryCount: 0 } }));
  await parts.engine.stopAll(call, [keep]);
}
