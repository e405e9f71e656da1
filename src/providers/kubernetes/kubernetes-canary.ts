/**
 * Canary and blue-green releases on Kubernetes. The new release runs as a
 * second Deployment `wh-<id>-next` beside the instance's own `wh-<id>`
 * (kubernetes-next-set.ts); the control plane drives the steps, pauses and
 * promotion (src/worker/rollout.ts) as on Docker. How requests are split
 * depends on the mode, recorded on the Deployment, one file each:
 *
 * - `blue-green` (kubernetes-canary-blue-green.ts): a preview Service for the
 *   new set; the switch is the main Service's selector.
 * - `gateway` (kubernetes-canary-gateway.ts, a canary when the provider is
 *   configured with a Gateway): as blue-green, plus an HTTPRoute whose
 *   weights split the routes' requests between the two Services.
 * - `replicas` (kubernetes-canary-replicas.ts, a canary without a Gateway,
 *   or of an instance without a route: an HTTPRoute splits a route's
 *   requests): both sets behind the main Service, split by their shares of
 *   the pods.
 *
 * No mode needs an Ingress: a service without a route (ClusterIP only) is
 * released by replica ratio or blue-green, its preview being the preview
 * Service inside the cluster.
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
import type { CustomObjectsApi, NetworkingV1Api } from '@kubernetes/client-node';
import type { CanaryReading, CanarySet } from '../progressive.js';
import { type DeployRequest, DeployStrategies } from '../provider.js';
import type { KubeCall } from './kubernetes-call.js';
import { KubeBlueGreen } from './kubernetes-canary-blue-green.js';
import { type GatewayRef, KubeGatewayCanary } from './kubernetes-canary-gateway.js';
import { KubeReplicaCanary, REPLICAS_BEFORE_CANARY, replicasBeforeCanary } from './kubernetes-canary-replicas.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { type CanaryMode, KubeNextSet, NEXT_OF, problemOf, recordedMode } from './kubernetes-next-set.js';
import { Labels, stampTemplate } from './kubernetes-objects.js';

/** Canary and blue-green operations of one Kubernetes namespace. */
export class KubeCanary {
  readonly #next: KubeNextSet;
  readonly #replicas: KubeReplicaCanary;
  readonly #blueGreen: KubeBlueGreen;
  readonly #gateway: KubeGatewayCanary | undefined;

  constructor(
    private readonly cluster: KubeCluster,
    networking: NetworkingV1Api,
    custom: CustomObjectsApi,
    options: { gateway?: GatewayRef; pollMs: number; startTimeoutMs: number },
  ) {
    this.#next = new KubeNextSet(cluster, options);
    this.#replicas = new KubeReplicaCanary(cluster, this.#next);
    this.#blueGreen = new KubeBlueGreen(cluster, this.#next);
    this.#gateway = options.gateway ? new KubeGatewayCanary(cluster, networking, custom, options.gateway) : undefined;
  }

  /** Starts the new set beside the old one (taking no request yet) and waits until it is ready. */
  async start(call: KubeCall, req: DeployRequest): Promise<void> {
    const mode: CanaryMode =
      req.strategy === DeployStrategies.blueGreen
        ? 'blue-green'
        : this.#gateway && (await this.#gateway.hasRoutes(call, req.instanceId))
          ? 'gateway'
          : 'replicas';
    const written = await this.#next.write(call, req, mode);
    // A replica-ratio canary's steps grow its set; the others are reached through the preview Service at once.
    if (mode !== 'replicas') await this.#blueGreen.openPreview(call, req.instanceId, written);
  }

  /** Sends `weight` % of the instance's requests to the new set. */
  async setWeight(call: KubeCall, set: CanarySet, weight: number): Promise<void> {
    const id = set.instanceId;
    const next = await this.#next.read(call, id);
    const mode = recordedMode(next, set, !!this.#gateway);
    if (mode === 'blue-green') return this.#blueGreen.setWeight(call, id, weight);
    if (mode === 'gateway') return this.#gateway?.setWeight(call, id, !!next, weight);
    return this.#replicas.setWeight(call, set, !!next, weight);
  }

  /** The new set's health: stopped, restarting, failing its image or readiness. No request counters here. */
  async read(call: KubeCall, set: CanarySet): Promise<CanaryReading> {
    const pods = await this.#next.pods(call, set.instanceId);
    return { requests: 0, responses5xx: 0, at: new Date(), counted: false, ...problemOf(pods) };
  }

  /** Makes the new release the instance's only one (see the file's comment for the order). */
  async promote(call: KubeCall, set: CanarySet): Promise<void> {
    const id = set.instanceId;
    const next = await this.#next.read(call, id);
    if (!next) {
      // Already folded back (a promotion resumed after its last step): only the leftovers go.
      await this.#removeNext(call, id);
      return;
    }
    await this.#next.select(call, id, { [NEXT_OF]: id });
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
    await this.#next.waitStableReady(call, id, w);
    await this.#next.select(call, id, { [Labels.instance]: id });
    await this.#removeNext(call, id);
  }

  /** Every request back to the old set at once, then the new set and what was made for it removed. */
  async abort(call: KubeCall, set: CanarySet): Promise<void> {
    const id = set.instanceId;
    await this.#next.select(call, id, { [Labels.instance]: id });
    await this.#gateway?.deleteRoute(call, id);
    await this.#replicas.restoreStable(call, id);
    await this.#removeNext(call, id);
  }

  /** Removes the HTTPRoute, the new set's Deployment and the preview Service; absent ones are fine. */
  async #removeNext(call: KubeCall, id: string): Promise<void> {
    await this.#gateway?.deleteRoute(call, id);
    await this.#next.remove(call, id);
  }
}
