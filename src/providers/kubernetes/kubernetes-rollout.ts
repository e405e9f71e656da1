/**
 * Changes to a running workload that the controller rolls out: deploy and
 * rollback (new container specs through the workload's update strategy),
 * scale, and the restart annotation. Each edits the workload read fresh and
 * replaces it (see KubeCluster.update); none waits for the rollout: the
 * control plane waits for readiness.
 */
import { type DeployRequest, DeployStrategies } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { type ResourceSpec, ServiceRoles } from '../service-spec.js';
import { podLabelsOf, putService, updateSecret } from './kubernetes-apply.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { isNotFound } from './kubernetes-errors.js';
import {
  Annotations,
  applyDeploy,
  findContainer,
  Labels,
  objectName,
  rolesOf,
  SpecError,
  servicePortsOf,
  stampTemplate,
  validateResources,
  type Workload,
} from './kubernetes-objects.js';
import { applyResources } from './kubernetes-resources.js';

/**
 * Changes the named containers only and labels the workload with the
 * release; updates the Secret when values are given and the Service when
 * ports changed. Returns the workload as written.
 */
export async function rollOut(cluster: KubeCluster, call: KubeCall, req: DeployRequest): Promise<Workload> {
  const { instanceId, releaseId, services, strategy, secretValues } = req;
  if (strategy !== DeployStrategies.rolling && strategy !== DeployStrategies.recreate) {
    throw new SpecError(`deploy strategy ${strategy} is not supported by the Kubernetes provider`);
  }
  call.secrets.push(...Object.values(secretValues ?? {}));
  const seen = new Set<string>();
  for (const d of services) {
    if (seen.has(d.name)) throw new SpecError(`service ${d.name} is listed twice`);
    seen.add(d.name);
    if (d.resources) validateResources(d.name, d.resources);
  }
  let portsChanged = false;
  const w = await cluster.update(call, instanceId, (w) => {
    const spec = w.spec;
    if (!spec) throw call.fail(ProviderErrorKinds.internal, `workload of ${instanceId} has no spec`);
    const roles = rolesOf(w);
    for (const d of services) {
      const container = findContainer(w, d.name);
      if (!container) throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${d.name}`);
      if (roles[d.name] === ServiceRoles.init && (d.ports?.length || d.healthCheck)) {
        throw new SpecError(`init service ${d.name} cannot have ports or a health check`);
      }
      if (d.ports) portsChanged = true;
      applyDeploy(container, d);
      const replicas = d.resources?.replicas;
      if (replicas && roles[d.name] === ServiceRoles.main) setReplicas(w, replicas);
    }
    if (w.kind === 'Deployment') {
      w.spec = {
        ...w.spec,
        selector: w.spec?.selector ?? { matchLabels: {} },
        template: w.spec?.template ?? {},
        strategy:
          strategy === DeployStrategies.recreate
            ? { type: 'Recreate' }
            : { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      };
    } else if (strategy === DeployStrategies.recreate) {
      throw new SpecError('a StatefulSet rolls its pods one by one: deploy strategy recreate is not supported');
    }
    w.metadata ??= {};
    w.metadata.labels = { ...(w.metadata.labels ?? {}), [Labels.release]: releaseId.slice(0, 63) };
    stampTemplate(w.spec?.template ?? {});
  });
  if (secretValues && Object.keys(secretValues).length > 0)
    await updateSecret(cluster, call, instanceId, w, secretValues);
  if (portsChanged) await syncService(cluster, call, instanceId, w);
  return w;
}

/**
 * Replicas apply to the instance's one pod (every service scales together);
 * CPU, memory and disk apply to the named container (the main one when unnamed).
 */
export async function scaleWorkload(
  cluster: KubeCluster,
  call: KubeCall,
  instanceId: string,
  serviceName: string | undefined,
  r: ResourceSpec,
): Promise<void> {
  await cluster.update(call, instanceId, (w) => {
    const service = serviceName || mainOf(w);
    const container = findContainer(w, service);
    if (!container) throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${service}`);
    validateResources(service, r);
    if (r.cpuMillis !== undefined || r.memoryMb !== undefined || r.diskMb !== undefined) {
      applyResources(container, r);
      stampTemplate(w.spec?.template ?? {});
    }
    if (r.replicas && w.spec) setReplicas(w, r.replicas);
  });
}

/**
 * The merge patch of a rolling restart: a new restartedAt annotation on the
 * pod template (and its template hash); a stopped workload gets its
 * remembered replicas back too.
 */
export function restartPatch(w: Workload): object {
  const template = structuredClone(w.spec?.template ?? {});
  template.metadata ??= {};
  template.metadata.annotations = {
    ...(template.metadata.annotations ?? {}),
    [Annotations.restartedAt]: new Date().toISOString(),
  };
  stampTemplate(template);
  const annotations = template.metadata.annotations ?? {};
  const spec: Record<string, unknown> = {
    template: {
      metadata: {
        annotations: {
          [Annotations.restartedAt]: annotations[Annotations.restartedAt],
          [Annotations.templateHash]: annotations[Annotations.templateHash],
        },
      },
    },
  };
  if ((w.spec?.replicas ?? 1) === 0) spec.replicas = replicasBeforeStop(w);
  return { spec };
}

/** The replicas a stopped workload had when it was stopped (1 when unknown). */
export function replicasBeforeStop(w: Workload): number {
  const previous = Number(w.metadata?.annotations?.[Annotations.replicas]);
  return previous > 0 ? previous : 1;
}

/** The main service of a workload. */
export function mainOf(w: Workload): string {
  const roles = rolesOf(w);
  return (
    Object.entries(roles).find(([, r]) => r === ServiceRoles.main)?.[0] ??
    w.spec?.template.spec?.containers[0]?.name ??
    ''
  );
}

/** Sets the replicas, or, while stopped, the replicas start will bring back. */
function setReplicas(w: Workload, replicas: number): void {
  if (!w.spec) return;
  if (w.spec.replicas === 0) {
    w.metadata ??= {};
    w.metadata.annotations = { ...(w.metadata.annotations ?? {}), [Annotations.replicas]: String(replicas) };
  } else w.spec.replicas = replicas;
}

/** Makes the ClusterIP Service match the template's ports: removed when none remain. */
async function syncService(cluster: KubeCluster, call: KubeCall, instanceId: string, w: Workload): Promise<void> {
  const ports = servicePortsOf(w.spec?.template ?? {});
  const name = objectName(instanceId);
  const namespace = cluster.namespace;
  if (ports.length === 0) {
    await cluster.core.deleteNamespacedService({ name, namespace }, call.opts()).catch((err) => {
      if (!isNotFound(err)) throw err;
    });
    return;
  }
  await putService(cluster, call, name, {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace, labels: podLabelsOf(w) },
    spec: { type: 'ClusterIP', selector: { [Labels.instance]: instanceId }, ports },
  });
}
