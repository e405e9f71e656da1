/**
 * The Gateway canary (a canary when the provider is configured with a
 * Gateway, Argo Rollouts' gatewayapi traffic router): the new set is reached
 * through the preview Service as in blue-green, and an HTTPRoute
 * `wh-<id>-canary` on that Gateway sends each step's weight of the routes'
 * hosts and paths to the preview Service and the rest to the main one
 * (Gateway API backendRef weights). It splits a route's requests, so it
 * needs the instance's routes Ingress to copy them from: a canary of an
 * instance without one splits by replica ratio instead.
 */
import type { CustomObjectsApi, NetworkingV1Api } from '@kubernetes/client-node';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { isNotFound } from './kubernetes-errors.js';
import { routesIngressName } from './kubernetes-ingress.js';
import { ignoreMissing, NEXT_OF } from './kubernetes-next-set.js';
import { Labels, objectName, previewServiceName, SpecError } from './kubernetes-objects.js';

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

/** The Gateway canary's HTTPRoute in one namespace. */
export class KubeGatewayCanary {
  constructor(
    private readonly cluster: KubeCluster,
    private readonly networking: NetworkingV1Api,
    private readonly custom: CustomObjectsApi,
    private readonly gateway: GatewayRef,
  ) {}

  /** Whether the instance has routes (its routes Ingress) for an HTTPRoute to split. */
  async hasRoutes(call: KubeCall, id: string): Promise<boolean> {
    try {
      await this.networking.readNamespacedIngress(
        { name: routesIngressName(id), namespace: this.cluster.namespace },
        call.opts(),
      );
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** Sends `weight` % of the routes' requests to the preview Service (no HTTPRoute is made for 0 % before one is needed). */
  async setWeight(call: KubeCall, id: string, running: boolean, weight: number): Promise<void> {
    if (weight > 0 || running) await this.#putRoute(call, id, weight);
  }

  /** The HTTPRoute of the canary: the routes' hosts and paths, each split between the two Services. */
  async #putRoute(call: KubeCall, id: string, weight: number): Promise<void> {
    const gateway = this.gateway;
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

  /** Removes the canary's HTTPRoute; an absent one is fine. */
  async deleteRoute(call: KubeCall, id: string): Promise<void> {
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
