/**
 * Canary and blue-green releases on Kubernetes. The new release runs as a
 * second Deployment `wh-<id>-next` beside the instance's own `wh-<id>`, its
 * pods labelled `wheelhouse.dev/next-of=<id>`; the control plane drives the
 * steps, pauses and promotion (src/worker/rollout.ts) as on Docker.
 * How requests are split depends on the mode, recorded on the Deployment:
 *
 * - `blue-green`: the new pods do not carry the instance label, so the main
 *   Service `wh-<id>` keeps selecting the old set only; a preview Service
 *   `wh-<id>-preview` selects the new set (a preview route's Ingress rule
 *   points at it). The switch is one write: the main Service's selector
 *   becomes `next-of=<id>`.
 * - `gateway` (a canary when the provider is configured with a Gateway): as
 *   blue-green, plus an HTTPRoute `wh-<id>-canary` on that Gateway whose
 *   rules send each step's weight to the preview Service and the rest to the
 *   main one (Gateway API backendRef weights).
 * - `replicas` (a canary without a Gateway, as Argo Rollouts' basic canary):
 *   the new pods carry the instance label, so the main Service selects both
 *   sets and each set's share is its share of the ready pods. A step scales
 *   the new set up first, waits for it, then scales the old set down; the old
 *   set's replicas before the canary are kept in an annotation on `wh-<id>`.
 *
 * Promotion, in every mode: every request to the new set (the main Service's
 * selector), then `wh-<id>` takes the new pod template and its replicas back
 * and is waited for, then the selector is restored and the second Deployment,
 * the preview Service and the HTTPRoute are removed. There are no request
 * counters on a cluster without a metrics source: a reading reports the new
 * set's readiness and restarts only (`counted: false`).
 *
 * Every call converges, so a rollout resumed after a crash repeats it safely.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { CustomObjectsApi, NetworkingV1Api, V1Deployment, V1Pod, V1Service } from '@kubernetes/client-node';
import type { CanaryReading, CanarySet } from '../progressive.js';
import { type DeployRequest, DeployStrategies } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { ServiceRoles } from '../service-spec.js';
import { putService, updateSecret } from './kubernetes-apply.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { isNotFound } from './kubernetes-errors.js';
import { routesIngressName } from './kubernetes-ingress.js';
import {
  Annotations,
  applyDeploy,
  Labels,
  nextName,
  objectName,
  previewServiceName,
  rolesOf,
  SpecError,
  servicePortsOf,
  stampTemplate,
  validateResources,
  type Workload,
} from './kubernetes-objects.js';
import { IMAGE_FAILURES } from './kubernetes-status.js';

/** The label of the new set's pods (and of the objects made for it): the instance they are the next release of. */
export const NEXT_OF = 'wheelhouse.dev/next-of';
/** On the new set's Deployment: how requests are split (see CanaryMode). */
export const CANARY_MODE = 'wheelhouse.dev/canary-mode';
/** On `wh-<id>` while a replica-ratio canary has scaled it down: its replicas before the canary. */
export const REPLICAS_BEFORE_CANARY = 'wheelhouse.dev/replicas-before-canary';

/** How a rollout splits requests on Kubernetes (see the file's comment). */
export type CanaryMode = 'blue-green' | 'gateway' | 'replicas';

/** The Gateway a canary's HTTPRoute attaches to (provider option `gateway`). */
export interface GatewayRef {
  name: string;
  /** The Gateway's namespace; unset: the instance's. */
  namespace?: string;
  /** The Gateway's listener to attach to; unset: every listener that allows the route. */
  sectionName?: string;
}

const GATEWAY_GROUP = 'gateway.networking.k8s.io';
const GATEWAY_VERSION = 'v1';

/** The HTTPRoute of a Gateway canary. */
export function canaryRouteName(instanceId: string): string {
  return `${objectName(instanceId)}-canary`;
}

/** New-set pods for `weight` % of `total` replicas (at least one while the weight is above 0). */
export function canaryReplicas(weight: number, total: number): { next: number; stable: number } {
  if (weight <= 0) return { next: 0, stable: total };
  if (weight >= 100) return { next: total, stable: 0 };
  const next = Math.min(total, Math.max(1, Math.ceil((total * weight) / 100)));
  // The old set keeps one pod until promotion, so an abort always has somewhere to send requests.
  return { next, stable: Math.max(1, total - next) };
}

/** Canary and blue-green operations of one Kubernetes namespace. */
export class KubeCanary {
  constructor(
    private readonly cluster: KubeCluster,
    private readonly networking: NetworkingV1Api,
    private readonly custom: CustomObjectsApi,
    private readonly options: { gateway?: GatewayRef; pollMs: number; startTimeoutMs: number },
  ) {}

  /** Starts the new set beside the old one (taking no request yet) and waits until it is ready. */
  async start(call: KubeCall, req: DeployRequest): Promise<void> {
    call.secrets.push(...Object.values(req.secretValues ?? {}));
    const w = await this.cluster.readWorkload(call, req.instanceId);
    if (w.kind !== 'Deployment')
      throw new SpecError('a StatefulSet keeps one set of pods: canary and blue-green need a Deployment');
    const total = w.spec?.replicas ?? 1;
    if (total === 0) throw call.fail(ProviderErrorKinds.conflict, `instance ${req.instanceId} is stopped`);
    const mode: CanaryMode =
      req.strategy === DeployStrategies.blueGreen ? 'blue-green' : this.options.gateway ? 'gateway' : 'replicas';
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

    const existing = await this.#readNext(call, req.instanceId);
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
    if (mode !== 'replicas') {
      await putService(this.cluster, call, previewServiceName(req.instanceId), {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: {
          name: previewServiceName(req.instanceId),
          namespace: this.cluster.namespace,
          labels: { ...(w.metadata?.labels ?? {}), [NEXT_OF]: req.instanceId },
        },
        spec: { type: 'ClusterIP', selector: { [NEXT_OF]: req.instanceId }, ports: servicePortsOf(template) },
      });
      await this.#waitReady(call, req.instanceId, total);
    }
  }

  /** Sends `weight` % of the instance's requests to the new set. */
  async setWeight(call: KubeCall, set: CanarySet, weight: number): Promise<void> {
    const id = set.instanceId;
    const next = await this.#readNext(call, id);
    const mode = modeOf(next, set, this.options.gateway);
    if (mode === 'blue-green') {
      await this.#select(call, id, weight >= 100 ? { [NEXT_OF]: id } : { [Labels.instance]: id });
      return;
    }
    if (mode === 'gateway') {
      if (weight > 0 || next) await this.#putRoute(call, id, weight);
      return;
    }
    const stable = await this.cluster.readWorkload(call, id);
    const total = replicasBeforeCanary(stable);
    const { next: wanted, stable: kept } = canaryReplicas(weight, total);
    if (weight <= 0) {
      // Back at once: the new pods leave the Service as they terminate; the old set gets its replicas back.
      if (next) await this.#scaleNext(call, id, 0);
      await this.#select(call, id, { [Labels.instance]: id });
      await this.#restoreStable(call, id);
      return;
    }
    if (!next) throw call.fail(ProviderErrorKinds.notFound, `the new set of instance ${id} is not running`);
    await this.#scaleNext(call, id, wanted);
    await this.#waitReady(call, id, wanted);
    if (weight >= 100) {
      await this.#select(call, id, { [NEXT_OF]: id });
      return;
    }
    await this.#select(call, id, { [Labels.instance]: id });
    await this.cluster.update(call, id, (w) => {
      if (!w.spec) return;
      w.metadata ??= {};
      w.metadata.annotations = { ...(w.metadata.annotations ?? {}), [REPLICAS_BEFORE_CANARY]: String(total) };
      w.spec.replicas = kept;
    });
  }

  /** The new set's health: stopped, restarting, failing its image or readiness. No request counters here. */
  async read(call: KubeCall, set: CanarySet): Promise<CanaryReading> {
    const pods = await this.#nextPods(call, set.instanceId);
    return { requests: 0, responses5xx: 0, at: new Date(), counted: false, ...problemOf(pods) };
  }

  /** Makes the new release the instance's only one (see the file's comment for the order). */
  async promote(call: KubeCall, set: CanarySet): Promise<void> {
    const id = set.instanceId;
    const next = await this.#readNext(call, id);
    if (!next) {
      // Already folded back (a promotion resumed after its last step): only the leftovers go.
      await this.#removeNext(call, id);
      return;
    }
    await this.#select(call, id, { [NEXT_OF]: id });
    const template = next.spec?.template ?? {};
    const release = template.metadata?.labels?.[Labels.release] ?? set.releaseId.slice(0, 63);
    const w = await this.cluster.update(call, id, (w) => {
      if (!w.spec) return;
      const own = w.spec.template.metadata?.labels ?? {};
      w.spec.template = {
        metadata: { ...(template.metadata ?? {}), labels: own },
        spec: structuredClone(template.spec),
      };
      stampTemplate(w.spec.template);
      w.spec.replicas = replicasBeforeCanary(w);
      w.metadata ??= {};
      const annotations = { ...(w.metadata.annotations ?? {}) };
      delete annotations[REPLICAS_BEFORE_CANARY];
      w.metadata.annotations = annotations;
      w.metadata.labels = { ...(w.metadata.labels ?? {}), [Labels.release]: release };
    });
    await this.#waitStableReady(call, id, w);
    await this.#select(call, id, { [Labels.instance]: id });
    await this.#removeNext(call, id);
  }

  /** Every request back to the old set at once, then the new set and what was made for it removed. */
  async abort(call: KubeCall, set: CanarySet): Promise<void> {
    const id = set.instanceId;
    await this.#select(call, id, { [Labels.instance]: id });
    await this.#deleteRoute(call, id);
    await this.#restoreStable(call, id);
    await this.#removeNext(call, id);
  }

  /** Removes the new set's Deployment, the preview Service and the HTTPRoute; absent ones are fine. */
  async #removeNext(call: KubeCall, id: string): Promise<void> {
    const namespace = this.cluster.namespace;
    await this.#deleteRoute(call, id);
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

  async #readNext(call: KubeCall, id: string): Promise<V1Deployment | undefined> {
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

  async #nextPods(call: KubeCall, id: string): Promise<V1Pod[]> {
    const list = await this.cluster.core.listNamespacedPod(
      { namespace: this.cluster.namespace, labelSelector: `${NEXT_OF}=${id}` },
      call.opts(),
    );
    return list.items.filter((p) => !p.metadata?.deletionTimestamp);
  }

  async #scaleNext(call: KubeCall, id: string, replicas: number): Promise<void> {
    await this.cluster.apps.patchNamespacedDeployment(
      { name: nextName(id), namespace: this.cluster.namespace, body: { spec: { replicas } } },
      call.opts('merge'),
    );
  }

  /** Gives `wh-<id>` back the replicas a replica-ratio canary took from it. */
  async #restoreStable(call: KubeCall, id: string): Promise<void> {
    const w = await this.cluster.findWorkload(call, id);
    if (!w?.metadata?.annotations?.[REPLICAS_BEFORE_CANARY]) return;
    await this.cluster.update(call, id, (w) => {
      if (!w.spec) return;
      w.spec.replicas = replicasBeforeCanary(w);
      const annotations = { ...(w.metadata?.annotations ?? {}) };
      delete annotations[REPLICAS_BEFORE_CANARY];
      w.metadata = { ...(w.metadata ?? {}), annotations };
    });
  }

  /** Points the main Service at `selector` (one write: the switch is atomic for new connections). */
  async #select(call: KubeCall, id: string, selector: Record<string, string>): Promise<void> {
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

  /** Waits until `count` pods of the new set are ready; a pod that cannot start fails at once. */
  async #waitReady(call: KubeCall, id: string, count: number): Promise<void> {
    const next = await this.#readNext(call, id);
    const hash = next?.spec?.template.metadata?.annotations?.[Annotations.templateHash];
    await this.#untilReady(call, count, `the new set of instance ${id} was not ready in time`, async () => {
      const pods = (await this.#nextPods(call, id)).filter(
        (p) => !hash || p.metadata?.annotations?.[Annotations.templateHash] === hash,
      );
      const failure = failureOf(pods);
      if (failure) throw call.fail(ProviderErrorKinds.workloadFailed, failure);
      return pods;
    });
  }

  /** Waits until `wh-<id>`'s pods of its current template are all ready (the new set's pods do not count). */
  async #waitStableReady(call: KubeCall, id: string, w: Workload): Promise<void> {
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

  /** The Gateway canary's HTTPRoute: the routes' hosts and paths, each split between the two Services. */
  async #putRoute(call: KubeCall, id: string, weight: number): Promise<void> {
    const gateway = this.options.gateway;
    if (!gateway) return;
    const namespace = this.cluster.namespace;
    let ingress: Awaited<ReturnType<NetworkingV1Api['readNamespacedIngress']>>;
    try {
      ingress = await this.networking.readNamespacedIngress({ name: routesIngressName(id), namespace }, call.opts());
    } catch (err) {
      if (isNotFound(err)) throw new SpecError(`instance ${id} has no route: a canary splits a route's requests`);
      throw err;
    }
    const main = objectName(id);
    const rules = (ingress.spec?.rules ?? []).flatMap((rule) =>
      (rule.http?.paths ?? [])
        .filter((p) => p.backend.service?.name === main)
        .map((p) => ({ host: rule.host ?? '', path: p.path ?? '/', port: p.backend.service?.port?.number ?? 0 })),
    );
    const w = Math.max(0, Math.min(100, Math.round(weight)));
    const body = {
      apiVersion: `${GATEWAY_GROUP}/${GATEWAY_VERSION}`,
      kind: 'HTTPRoute',
      metadata: {
        name: canaryRouteName(id),
        namespace,
        labels: { [Labels.instance]: id, [NEXT_OF]: id, [Labels.managedBy]: 'wheelhouse' },
      },
      spec: {
        parentRefs: [
          {
            group: GATEWAY_GROUP,
            kind: 'Gateway',
            name: gateway.name,
            ...(gateway.namespace ? { namespace: gateway.namespace } : {}),
            ...(gateway.sectionName ? { sectionName: gateway.sectionName } : {}),
          },
        ],
        hostnames: [...new Set(rules.map((r) => r.host).filter(Boolean))].sort(),
        rules: rules.map((r) => ({
          matches: [{ path: { type: 'PathPrefix', value: r.path } }],
          backendRefs: [
            { name: main, port: r.port, weight: 100 - w },
            { name: previewServiceName(id), port: r.port, weight: w },
          ],
        })),
      },
    };
    const ref = { group: GATEWAY_GROUP, version: GATEWAY_VERSION, namespace, plural: 'httproutes' };
    let old: { metadata?: { resourceVersion?: string } } | undefined;
    try {
      old = (await this.custom.getNamespacedCustomObject(
        { ...ref, name: canaryRouteName(id) },
        call.opts(),
      )) as typeof old;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (!old) await this.custom.createNamespacedCustomObject({ ...ref, body }, call.opts());
    else
      await this.custom.replaceNamespacedCustomObject(
        {
          ...ref,
          name: canaryRouteName(id),
          body: { ...body, metadata: { ...body.metadata, resourceVersion: old.metadata?.resourceVersion } },
        },
        call.opts(),
      );
  }

  async #deleteRoute(call: KubeCall, id: string): Promise<void> {
    if (!this.options.gateway) return;
    await ignoreMissing(
      this.custom.deleteNamespacedCustomObject(
        {
          group: GATEWAY_GROUP,
          version: GATEWAY_VERSION,
          namespace: this.cluster.namespace,
          plural: 'httproutes',
          name: canaryRouteName(id),
        },
        call.opts(),
      ),
    );
  }
}

/** The mode the new set was started in; before it exists, the one it would be started in. */
function modeOf(next: V1Deployment | undefined, set: CanarySet, gateway: GatewayRef | undefined): CanaryMode {
  const recorded = next?.metadata?.annotations?.[CANARY_MODE];
  if (recorded === 'blue-green' || recorded === 'gateway' || recorded === 'replicas') return recorded;
  return set.strategy === 'blue_green' ? 'blue-green' : gateway ? 'gateway' : 'replicas';
}

/** The old set's replicas before a replica-ratio canary scaled it down (its replicas when none did). */
function replicasBeforeCanary(w: Workload): number {
  const recorded = Number(w.metadata?.annotations?.[REPLICAS_BEFORE_CANARY]);
  return recorded > 0 ? recorded : (w.spec?.replicas ?? 1);
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

async function ignoreMissing(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
}
