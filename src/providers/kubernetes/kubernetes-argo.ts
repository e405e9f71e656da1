/**
 * An Argo CD Application as a workload source: one `argoproj.io/v1alpha1`
 * Application named for the instance (`wh-<instanceId>`) in the provider's
 * Argo namespace, carrying the given source, destination and sync policy.
 * Argo CD does the deploying; the instance's state follows the Application's
 * status: Synced and Healthy is running and ready, Progressing is starting,
 * Degraded is failed, OutOfSync says so in the message.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import { InstanceStates, type InstanceStatus } from '../provider.js';
import type { ArgoCDSource, ObjectRef } from '../sources.js';
import type { KubeCall } from './kubernetes-call.js';
import type { ObjectClient } from './kubernetes-manifests.js';
import { objectName, SpecError } from './kubernetes-objects.js';

export const ARGO_API_VERSION = 'argoproj.io/v1alpha1';

/** The instance's Application, as applied. */
export function applicationOf(
  instanceId: string,
  argoNamespace: string,
  labels: Record<string, string>,
  src: ArgoCDSource,
  defaultDestNamespace: string,
): KubernetesObject {
  const helm = src.helm
    ? {
        helm: {
          ...(src.helm.valueFiles?.length ? { valueFiles: src.helm.valueFiles } : {}),
          ...(src.helm.parameters && Object.keys(src.helm.parameters).length > 0
            ? { parameters: Object.entries(src.helm.parameters).map(([name, value]) => ({ name, value })) }
            : {}),
        },
      }
    : {};
  const sp = src.syncPolicy;
  const syncPolicy = sp?.automated ? { automated: { prune: sp.prune === true, selfHeal: sp.selfHeal === true } } : {};
  return {
    apiVersion: ARGO_API_VERSION,
    kind: 'Application',
    metadata: { name: objectName(instanceId), namespace: argoNamespace, labels },
    spec: {
      project: src.project ?? 'default',
      source: {
        repoURL: src.repoUrl,
        ...(src.path ? { path: src.path } : {}),
        targetRevision: src.targetRevision ?? 'HEAD',
        ...helm,
      },
      destination: {
        server: src.destServer ?? 'https://kubernetes.default.svc',
        namespace: src.destNamespace ?? defaultDestNamespace,
      },
      ...(sp?.automated ? { syncPolicy } : {}),
    },
  } as KubernetesObject;
}

/** The Application's reference. */
export function applicationRef(instanceId: string, argoNamespace: string): ObjectRef {
  return { apiVersion: ARGO_API_VERSION, kind: 'Application', namespace: argoNamespace, name: objectName(instanceId) };
}

/** Refuses where the cluster has no Application kind (Argo CD not installed). */
export async function requireArgo(client: ObjectClient, call: KubeCall): Promise<void> {
  if (!(await client.resource(call, ARGO_API_VERSION, 'Application'))) {
    throw new SpecError('the cluster serves no argoproj.io/v1alpha1 Application: Argo CD is not installed');
  }
}

/** The instance's state from the Application's sync and health status. */
export async function argoStatus(client: ObjectClient, call: KubeCall, ref: ObjectRef): Promise<InstanceStatus> {
  const app = (await client.read(call, ref)) as
    | { status?: { sync?: { status?: string }; health?: { status?: string; message?: string } } }
    | undefined;
  const key = `Application/${ref.name}`;
  if (!app) {
    return {
      state: InstanceStates.failed,
      ready: false,
      restarts: 0,
      endpoints: [],
      services: { [key]: { state: InstanceStates.failed, ready: false, restarts: 0, message: 'not found' } },
      message: `Application ${ref.namespace}/${ref.name} not found`,
    };
  }
  const sync = app.status?.sync?.status ?? 'Unknown';
  const health = app.status?.health?.status ?? 'Unknown';
  const detail = app.status?.health?.message ? `: ${app.status.health.message}` : '';
  let state: InstanceStatus['state'];
  let message: string | undefined;
  if (health === 'Degraded' || health === 'Missing') {
    state = InstanceStates.failed;
    message = `Argo CD reports the application ${health}${detail}`;
  } else if (health === 'Healthy' && sync === 'Synced') {
    state = InstanceStates.running;
  } else if (health === 'Healthy') {
    state = InstanceStates.running;
    message = `Argo CD reports the application ${sync}: the cluster differs from the repository`;
  } else {
    state = InstanceStates.starting;
    message = `Argo CD reports the application ${health}, ${sync}${detail}`;
  }
  const ready = state === InstanceStates.running && sync === 'Synced';
  return {
    state,
    ready,
    restarts: 0,
    endpoints: [],
    services: { [key]: { state, ready, restarts: 0, ...(message ? { message } : {}) } },
    ...(message ? { message } : {}),
    metadata: { source: 'argocd', sync, health },
  };
}
