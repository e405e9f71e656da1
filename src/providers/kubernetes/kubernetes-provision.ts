/**
 * Provision and deprovision on Kubernetes: every object of an instance made
 * or replaced in one pass (the workload, its Services, Secret, ConfigMap,
 * claims, exposure and HorizontalPodAutoscaler), then the start gate; and
 * everything of the instance removed again, its claims only when asked.
 */
import type { DeprovisionOptions, DeprovisionResult, ProvisionRequest, ProvisionResult } from '../provider.js';
import { applyObjects } from './kubernetes-apply.js';
import type { KubeAutoscalers } from './kubernetes-autoscaler.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeChanges } from './kubernetes-changes.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import type { Exposure } from './kubernetes-exposure.js';
import type { GpuCapability } from './kubernetes-gpu.js';
import type { RouteIngress } from './kubernetes-ingress.js';
import type { LogSource } from './kubernetes-log-reader.js';
import { buildObjects, objectName, validateProvision } from './kubernetes-objects.js';
import { awaitStart } from './kubernetes-start-gate.js';
import { attachVolumes, releaseClaims, validateVolumes } from './kubernetes-volumes.js';

/** The parts of a KubernetesProvider that provision and deprovision drive. */
export interface ProvisionParts {
  cluster: KubeCluster;
  gpu: GpuCapability;
  exposure: Exposure;
  autoscalers: KubeAutoscalers;
  routes: RouteIngress;
  changes: KubeChanges;
  /** Where the start gate reads a failed init's last lines, with the call's token. */
  logs: (call: KubeCall) => LogSource;
  defaultStorageClass: string | undefined;
  startTimeoutMs: number;
}

/** Refuses, before anything is sent, what Kubernetes (or this provider) cannot run. */
export function validateProvisionRequest(req: ProvisionRequest): void {
  validateProvision(req);
  validateVolumes(req);
}

/**
 * Creates or replaces every object of the instance, then waits until its
 * pods are past image pulls and init services (see KubernetesProvider.provision).
 */
export async function provisionInstance(
  parts: ProvisionParts,
  call: KubeCall,
  req: ProvisionRequest,
): Promise<ProvisionResult> {
  const { cluster, exposure } = parts;
  const namespace = cluster.namespace;
  await cluster.ensureNamespace(call);
  const objects = buildObjects(req, namespace);
  parts.gpu.applyLimits(objects.workload, req.services);
  attachVolumes(objects, req, namespace, parts.defaultStorageClass);
  exposure.validate(objects.workload);
  // Watching from before the apply, so no change of the new pods is missed.
  const changes = parts.changes.waiter(req.instanceId);
  let workload: Awaited<ReturnType<typeof applyObjects>>;
  try {
    workload = await applyObjects(cluster, call, req.instanceId, objects);
    await exposure.sync(call, req.instanceId, workload);
    await parts.autoscalers.syncFirst(call, req.instanceId, workload, req.services);
    await awaitStart(cluster, parts.logs(call), call, req.instanceId, workload, {
      startTimeoutMs: parts.startTimeoutMs,
      pause: () => changes.next(call.signal),
    });
  } finally {
    changes.close();
  }
  const ref = `${workload.kind}/${objectName(req.instanceId)}`;
  return {
    providerRef: ref,
    serviceRefs: Object.fromEntries(req.services.map((s) => [s.name, s.name])),
    endpoints: await exposure.endpoints(call, req.instanceId, workload),
    metadata: { namespace, workload: ref },
  };
}

/** Deletes every object of the instance; its claims only with `deleteVolumes`, else they are named. */
export async function deprovisionInstance(
  parts: ProvisionParts,
  call: KubeCall,
  instanceId: string,
  opts: DeprovisionOptions,
): Promise<DeprovisionResult> {
  const { cluster } = parts;
  await cluster.deleteAll(call, instanceId);
  await parts.autoscalers.delete(call, instanceId);
  await parts.exposure.delete(call, instanceId);
  await parts.routes.delete(call, instanceId);
  const keptVolumes = await releaseClaims(
    cluster.core,
    cluster.namespace,
    call,
    instanceId,
    opts.deleteVolumes === true,
  );
  return { keptVolumes };
}
