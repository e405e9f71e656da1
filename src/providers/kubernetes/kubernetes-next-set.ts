/**
 * A Kubernetes rollout's new set, whatever the mode: the second Deployment
 * `wh-<id>-next` beside the instance's own `wh-<id>`, its pods labelled
 * `wheelhouse.dev/next-of=<id>`, the main Service's selector that decides
 * which set it sends to, and the waits for either set's pods. The modes
 * (kubernetes-canary-replicas.ts, -blue-green.ts, -gateway.ts) are built on
 * these; kubernetes-canary.ts drives them.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { V1Deployment, V1Pod, V1PodTemplateSpec, V1Service } from '@kubernetes/client-node';
import type { CanarySet } from '../progressive.js';
import type { DeployRequest } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { ServiceRoles } from '../service-spec.js';
import { updateSecret } from './kubernetes-apply.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { isNotFound } from './kubernetes-errors.js';
import {
  Annotations,
  applyDeploy,
  Labels,
  nextName,
  objectName,
  previewServiceName,
  rolesOf,
  SpecError,
  stampTemplate,
  validateResources,
  type Workload,
} from './kubernetes-objects.js';
import { IMAGE_FAILURES } from './kubernetes-status.js';

/** The label of the new set's pods (and of the objects made for it): the instance they are the next release of. */
export const NEXT_OF = 'wheelhouse.dev/next-of';
/** On the new set's Deployment: how requests are split (see CanaryMode). */
export const CANARY_MODE = 'wheelhouse.dev/canary-mode';

/** How a rollout splits requests on Kubernetes (see kubernetes-canary.ts). */
export type CanaryMode = 'blue-green' | 'gateway' | 'replicas';

/** What the new set's waits need. */
export interface NextSetOptions {
  pollMs: number;
  startTimeoutMs: number;
}

/** The new set's Deployment as written: the instance's workload it was cut from, and its pod template. */
export interface WrittenNextSet {
  stable: Workload;
  template: V1PodTemplateSpec;
  /** The stable set's replicas: the size the new set grows to. */
  total: number;
}

/** The new set of one Kubernetes namespace's instances, and the main Service's selector. */
export class KubeNextSet {
  constructor(
    private readonly cluster: KubeCluster,
    private readonly options: NextSetOptions,
  ) {}

  /**
   * Writes the new set's Deployment for `req` in `mode` (the instance's pod
   * template with the request's changes); a leftover of another release is
   * replaced, one of the same release kept. Its pods join the main Service
   * only in a replica-ratio canary; that one starts at 0 pods (or at what it
   * already had), the others as large as the stable set.
   */
  async write(call: KubeCall, req: DeployRequest, mode: CanaryMode): Promise<WrittenNextSet> {
    call.secrets.push(...Object.values(req.secretValues ?? {}));
    const w = await this.cluster.readWorkload(call, req.instanceId);
    if (w.kind !== 'Deployment')
      throw new SpecError('a StatefulSet keeps one set of pods: canary and blue-green need a Deployment');
    const total = w.spec?.replicas ?? 1;
    if (total === 0) throw call.fail(ProviderErrorKinds.conflict, `instance ${req.instanceId} is stopped`);
    const template = structuredClone(w.spec?.template ?? {});
    const roles = rolesOf(w);
    for (const d of req.services) {
      const container =
        template.spec?.containers.find((c) => c.name === d.name) ??
        template.spec?.initContainers?.find((c) => c.name === d.name);
      if (!container)
        throw call.fail(ProviderErrorKinds.notFound, `instance ${req.instanceId} has no service ${d.name}`);
      if (roles[d.name] === ServiceRoles.init && (d.ports?.length || d.healthCheck))
        throw new SpecError(`init service ${d.name} cannot have ports or a health check`);
      if (d.resources) validateResources(d.name, d.resources);
      applyDeploy(container, d);
    }
    const release = req.releaseId.slice(0, 63);
    const podLabels: Record<string, string> = {
      ...(template.metadata?.labels ?? {}),
      [NEXT_OF]: req.instanceId,
      [Labels.release]: release,
    };
    // Only a replica-ratio canary's pods join the main Service; the others are reached through the preview one.
    if (mode !== 'replicas') delete podLabels[Labels.instance];
    template.metadata = { ...(template.metadata ?? {}), labels: podLabels };
    stampTemplate(template);
    if (req.secretValues && Object.keys(req.secretValues).length > 0)
      await updateSecret(this.cluster, call, req.instanceId, w, req.secretValues);

    const existing = await this.read(call, req.instanceId);
    const sameRelease = existing?.spec?.template.metadata?.labels?.[Labels.release] === release;
    // A replica-ratio canary starts at 0 pods: its steps scale it (a pod of it takes requests once ready).
    const replicas = mode === 'replicas' ? (sameRelease ? (existing?.spec?.replicas ?? 0) : 0) : total;
    const body: V1Deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: nextName(req.instanceId),
        namespace: this.cluster.namespace,
        labels: { ...(w.metadata?.labels ?? {}), [NEXT_OF]: req.instanceId, [Labels.release]: release },
        annotations: { [CANARY_MODE]: mode },
      },
      spec: {
        replicas,
        selector: { matchLabels: { [NEXT_OF]: req.instanceId } },
        template,
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      },
    };
    if (!existing)
      await this.cluster.apps.createNamespacedDeployment({ namespace: this.cluster.namespace, body }, call.opts());
    else if (!sameRelease) {
      // A leftover of another release (a rollout that ended in a crash): replaced.
      await this.cluster.apps.replaceNamespacedDeployment(
        {
          name: nextName(req.instanceId),
          namespace: this.cluster.namespace,
          body: { ...body, metadata: { ...body.metadata, resourceVersion: existing.metadata?.resourceVersion } },
        },
        call.opts(),
      );
    }
    return { stable: w, template, total };
  }

  /** The new set's Deployment, if there is one. */
  async read(call: KubeCall, id: string): Promise<V1Deployment | undefined> {
    try {
      return await this.cluster.apps.readNamespacedDeployment(
        { name: nextName(id), namespace: this.cluster.namespace },
        call.opts(),
      );
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** The new set's pods that are not terminating. */
  async pods(call: KubeCall, id: string): Promise<V1Pod[]> {
    const list = await this.cluster.core.listNamespacedPod(
      { namespace: this.cluster.namespace, labelSelector: `${NEXT_OF}=${id}` },
      call.opts(),
    );
    return list.items.filter((p) => !p.metadata?.deletionTimestamp);
  }

  async scale(call: KubeCall, id: string, replicas: number): Promise<void> {
    await this.cluster.apps.patchNamespacedDeployment(
      { name: nextName(id), namespace: this.cluster.namespace, body: { spec: { replicas } } },
      call.opts('merge'),
    );
  }

  /** Points the main Service at `selector` (one write: the switch is atomic for new connections). */
  async select(call: KubeCall, id: string, selector: Record<string, string>): Promise<void> {
    const name = objectName(id);
    const namespace = this.cluster.namespace;
    let svc: V1Service;
    try {
      svc = await this.cluster.core.readNamespacedService({ name, namespace }, call.opts());
    } catch (err) {
      if (isNotFound(err)) throw new SpecError(`instance ${id} has no Service: a rollout needs a port to route to`);
      throw err;
    }
    const current = svc.spec?.selector ?? {};
    const same =
      Object.keys(current).length === Object.keys(selector).length &&
      Object.entries(selector).every(([k, v]) => current[k] === v);
    if (same) return;
    await this.cluster.core.replaceNamespacedService(
      { name, namespace, body: { ...svc, spec: { ...svc.spec, selector } } },
      call.opts(),
    );
  }

  /** Removes the new set's Deployment and its preview Service; absent ones are fine. */
  async remove(call: KubeCall, id: string): Promise<void> {
    const namespace = this.cluster.namespace;
    await ignoreMissing(
      this.cluster.apps.deleteNamespacedDeployment(
        { name: nextName(id), namespace, body: { propagationPolicy: 'Background' } },
        call.opts(),
      ),
    );
    await ignoreMissing(
      this.cluster.core.deleteNamespacedService({ name: previewServiceName(id), namespace }, call.opts()),
    );
  }

  /** Waits until `count` pods of the new set are ready; a pod that cannot start fails at once. */
  async waitReady(call: KubeCall, id: string, count: number): Promise<void> {
    const next = await this.read(call, id);
    const hash = next?.spec?.template.metadata?.annotations?.[Annotations.templateHash];
    await this.#untilReady(call, count, `the new set of instance ${id} was not ready in time`, async () => {
      const pods = (await this.pods(call, id)).filter(
        (p) => !hash || p.metadata?.annotations?.[Annotations.templateHash] === hash,
      );
      const failure = failureOf(pods);
      if (failure) throw call.fail(ProviderErrorKinds.workloadFailed, failure);
      return pods;
    });
  }

  /** Waits until `wh-<id>`'s pods of its current template are all ready (the new set's pods do not count). */
  async waitStableReady(call: KubeCall, id: string, w: Workload): Promise<void> {
    const hash = w.spec?.template.metadata?.annotations?.[Annotations.templateHash];
    await this.#untilReady(
      call,
      w.spec?.replicas ?? 1,
      `instance ${id} did not take the new release in time`,
      async () =>
        (await this.cluster.pods(call, id)).filter(
          (p) =>
            !p.metadata?.deletionTimestamp &&
            !p.metadata?.labels?.[NEXT_OF] &&
            p.metadata?.annotations?.[Annotations.templateHash] === hash,
        ),
    );
  }

  /** Polls `pods` until `count` of them are ready, within the start timeout. */
  async #untilReady(call: KubeCall, count: number, late: string, pods: () => Promise<V1Pod[]>): Promise<void> {
    const deadline = Date.now() + this.options.startTimeoutMs;
    for (;;) {
      call.throwIfCanceled();
      if ((await pods()).filter(isReady).length >= count) return;
      if (Date.now() > deadline) throw call.fail(ProviderErrorKinds.timeout, late);
      // A cancel ends the wait at once; the next turn's throwIfCanceled says so.
      await delay(this.options.pollMs, undefined, call.signal ? { signal: call.signal } : {}).catch(() => undefined);
    }
  }
}

/** The mode the new set was started in; before it exists, the one a set of `set`'s strategy would start in. */
export function recordedMode(next: V1Deployment | undefined, set: CanarySet, gateway: boolean): CanaryMode {
  const recorded = next?.metadata?.annotations?.[CANARY_MODE];
  if (recorded === 'blue-green' || recorded === 'gateway' || recorded === 'replicas') return recorded;
  return set.strategy === 'blue_green' ? 'blue-green' : gateway ? 'gateway' : 'replicas';
}

function isReady(p: V1Pod): boolean {
  return p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

/** What stops the new set's pods from serving for good: an exit, a restart, an image that cannot run. */
function failureOf(pods: V1Pod[]): string | undefined {
  for (const p of pods) {
    const name = p.metadata?.name ?? 'a pod';
    if (p.status?.phase === 'Failed') return `new pod ${name} failed`;
    for (const c of p.status?.containerStatuses ?? []) {
      const waiting = c.state?.waiting?.reason;
      if (waiting && (waiting === 'CrashLoopBackOff' || IMAGE_FAILURES.has(waiting)))
        return `new pod ${name}: ${c.name} ${waiting}`;
      if ((c.restartCount ?? 0) > 0) return `new pod ${name}: ${c.name} restarted`;
    }
  }
  return undefined;
}

/** The first thing wrong with the new set's pods once they served: a failure, or readiness lost. */
export function problemOf(pods: V1Pod[]): { problem?: string } {
  const failure = failureOf(pods);
  if (failure) return { problem: failure };
  const unready = pods.find((p) => p.status?.phase === 'Running' && !isReady(p));
  return unready ? { problem: `new pod ${unready.metadata?.name ?? ''} is not ready` } : {};
}

/** Awaits `p`; a 404 (the object is already gone) is fine. */
export async function ignoreMissing(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
}
