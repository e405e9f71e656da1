/**
 * Routes on Kubernetes (the provider's TrafficEngine): the routes of one
 * instance become one Ingress (networking.k8s.io/v1) `wh-<id>-routes` in the
 * instance's namespace, one rule per host with a `Prefix` path per route,
 * each to the instance's ClusterIP Service `wh-<id>` on the route's port (the
 * Service exposes every container port under its own number). A host with a
 * TLS route gets a `kubernetes.io/tls` Secret `wh-<id>-tls-<hash of host>`,
 * made from the route's certificate and named in `spec.tls`. Everything
 * carries the instance's labels plus `wheelhouse.dev/edge=routes`, by which
 * stale Secrets are found and removed.
 *
 * The cluster's ingress controller serves what the Ingress says; Wheelhouse
 * does not run one. Redirecting plain HTTP is the controller's: the Ingress
 * carries `nginx.ingress.kubernetes.io/ssl-redirect` (ingress-nginx answers
 * 308), and since an annotation holds for the whole Ingress, it is on when
 * any TLS route of the instance asks for it.
 *
 * It is deliberately separate from the exposure Ingress `wh-<id>`
 * (kubernetes-exposure.ts), which serves ports exposed by provider options.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { CoreV1Api, NetworkingV1Api, V1Ingress, V1IngressRule, V1Secret } from '@kubernetes/client-node';
import type { EdgeInfo, RouteSpec } from '../traffic.js';
import { podLabelsOf } from './kubernetes-apply.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { isNotFound } from './kubernetes-errors.js';
import { findContainer, Labels, objectName, previewServiceName, SpecError } from './kubernetes-objects.js';

/** The label that marks the objects routes make (the Ingress and its TLS Secrets). */
export const EDGE_LABEL = 'wheelhouse.dev/edge';
const EDGE_VALUE = 'routes';
/** ingress-nginx's switch for redirecting plain HTTP to HTTPS (it answers 308). */
export const SSL_REDIRECT_ANNOTATION = 'nginx.ingress.kubernetes.io/ssl-redirect';

/** The routes Ingress of an instance. */
export function routesIngressName(instanceId: string): string {
  return `${objectName(instanceId)}-routes`;
}

/** The TLS Secret of one host of an instance: hashed, since a host may be longer than a name allows. */
export function routeTlsSecretName(instanceId: string, host: string): string {
  return `${objectName(instanceId)}-tls-${createHash('sha256').update(host).digest('hex').slice(0, 16)}`;
}

/** The edge options of a Kubernetes provider. */
export interface RouteIngressOptions {
  /** Generated hosts are `<service>-<instance>-<tenant>.<edgeDomain>`. Default `localhost`. */
  edgeDomain?: string;
  /** spec.ingressClassName of the routes Ingress; unset leaves the cluster default. */
  ingressClassName?: string;
}

/** Builds and removes the routes Ingress and its Secrets of the instances in one namespace. */
export class RouteIngress {
  constructor(
    readonly cluster: KubeCluster,
    readonly networking: NetworkingV1Api,
    readonly options: RouteIngressOptions,
  ) {}

  get #core(): CoreV1Api {
    return this.cluster.core;
  }

  get #namespace(): string {
    return this.cluster.namespace;
  }

  /** Kind `ingress`: the cluster's controller serves, so there is no address of our own to report. */
  edge(): EdgeInfo {
    return {
      kind: 'ingress',
      healthy: true,
      message: 'routes are Ingress objects (networking.k8s.io/v1) served by the cluster’s ingress controller',
      domain: this.options.edgeDomain ?? 'localhost',
    };
  }

  /**
   * Makes `routes` the instance's complete set: TLS Secrets written first,
   * then the Ingress, then Secrets no host needs any more deleted, so the
   * Ingress never names a Secret that is not there. Empty: everything goes.
   */
  async apply(call: KubeCall, instanceId: string, routes: readonly RouteSpec[]): Promise<void> {
    if (routes.length === 0) {
      await this.delete(call, instanceId);
      return;
    }
    for (const r of routes) {
      if (r.instanceId !== instanceId) throw new SpecError(`route ${r.id} belongs to instance ${r.instanceId}`);
    }
    const w = await this.cluster.readWorkload(call, instanceId);
    for (const r of routes) {
      const container = findContainer(w, r.service);
      if (!container) throw new SpecError(`instance ${instanceId} has no service ${r.service}`);
      if (!(container.ports ?? []).some((p) => p.containerPort === r.port && (p.protocol ?? 'TCP') === 'TCP')) {
        throw new SpecError(`service ${r.service} has no TCP port ${r.port}`);
      }
    }
    const labels = { ...podLabelsOf(w), [EDGE_LABEL]: EDGE_VALUE };
    const name = objectName(instanceId);

    // One rule per host, its paths ordered longest first (controllers match the longest prefix anyway).
    const byHost = new Map<string, RouteSpec[]>();
    for (const r of [...routes].sort((a, b) => a.id.localeCompare(b.id))) {
      byHost.set(r.host, [...(byHost.get(r.host) ?? []), r]);
    }
    const rules: V1IngressRule[] = [];
    const tls: { hosts: string[]; secretName: string }[] = [];
    const secrets = new Map<string, V1Secret>();
    for (const [host, hostRoutes] of [...byHost].sort(([a], [b]) => a.localeCompare(b))) {
      rules.push({
        host,
        http: {
          paths: [...hostRoutes]
            .sort((a, b) => b.pathPrefix.length - a.pathPrefix.length || a.pathPrefix.localeCompare(b.pathPrefix))
            .map((r) => ({
              path: r.pathPrefix,
              pathType: 'Prefix',
              // A blue-green preview is served by the new set's Service only (kubernetes-canary.ts).
              backend: {
                service: { name: r.releaseId ? previewServiceName(instanceId) : name, port: { number: r.port } },
              },
            })),
        },
      });
      // SNI picks one certificate per host: the first TLS route's (by id) serves the host.
      const withTls = hostRoutes.find((r) => r.tls);
      if (!withTls?.tls) continue;
      // Masked in any error message of this call, clear and as the Secret carries it.
      const keyPem = withTls.tls.certificate.privateKeyPem;
      call.secrets.push(keyPem, Buffer.from(keyPem).toString('base64'));
      const secretName = routeTlsSecretName(instanceId, host);
      tls.push({ hosts: [host], secretName });
      secrets.set(secretName, {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: secretName, namespace: this.#namespace, labels },
        type: 'kubernetes.io/tls',
        data: {
          'tls.crt': Buffer.from(withTls.tls.certificate.certificatePem).toString('base64'),
          'tls.key': Buffer.from(withTls.tls.certificate.privateKeyPem).toString('base64'),
        },
      });
    }
    const redirect = routes.some((r) => r.tls?.redirectHttp);

    for (const body of secrets.values()) await this.#putSecret(call, body);
    await this.#putIngress(call, {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: {
        name: routesIngressName(instanceId),
        namespace: this.#namespace,
        labels,
        ...(tls.length > 0 ? { annotations: { [SSL_REDIRECT_ANNOTATION]: String(redirect) } } : {}),
      },
      spec: {
        ...(this.options.ingressClassName ? { ingressClassName: this.options.ingressClassName } : {}),
        ...(tls.length > 0 ? { tls } : {}),
        rules,
      },
    });
    for (const stale of await this.#routeSecretNames(call, instanceId)) {
      if (!secrets.has(stale))
        await this.#ignoreMissing(
          this.#core.deleteNamespacedSecret({ name: stale, namespace: this.#namespace }, call.opts()),
        );
    }
  }

  /** Removes the instance's routes Ingress and TLS Secrets; absent ones are fine. */
  async delete(call: KubeCall, instanceId: string): Promise<void> {
    const namespace = this.#namespace;
    await this.#ignoreMissing(
      this.networking.deleteNamespacedIngress({ name: routesIngressName(instanceId), namespace }, call.opts()),
    );
    for (const name of await this.#routeSecretNames(call, instanceId)) {
      await this.#ignoreMissing(this.#core.deleteNamespacedSecret({ name, namespace }, call.opts()));
    }
  }

  async #routeSecretNames(call: KubeCall, instanceId: string): Promise<string[]> {
    let list: Awaited<ReturnType<CoreV1Api['listNamespacedSecret']>>;
    try {
      list = await this.#core.listNamespacedSecret(
        { namespace: this.#namespace, labelSelector: `${Labels.instance}=${instanceId},${EDGE_LABEL}=${EDGE_VALUE}` },
        call.opts(),
      );
    } catch (err) {
      // No namespace: nothing of the instance is left in it.
      if (isNotFound(err)) return [];
      throw err;
    }
    return list.items.flatMap((s) => (s.metadata?.name ? [s.metadata.name] : []));
  }

  async #putSecret(call: KubeCall, body: V1Secret): Promise<void> {
    const name = body.metadata?.name ?? '';
    const namespace = this.#namespace;
    const old = await this.#read(() => this.#core.readNamespacedSecret({ name, namespace }, call.opts()));
    if (!old) {
      await this.#core.createNamespacedSecret({ namespace, body }, call.opts());
      return;
    }
    const same =
      old.type === body.type &&
      old.data?.['tls.crt'] === body.data?.['tls.crt'] &&
      old.data?.['tls.key'] === body.data?.['tls.key'] &&
      sameLabels(old.metadata?.labels, body.metadata?.labels);
    if (same) return;
    // A Secret's type cannot change: one that is not a TLS Secret is replaced by deleting it first.
    if (old.type !== body.type) {
      await this.#core.deleteNamespacedSecret({ name, namespace }, call.opts());
      await this.#core.createNamespacedSecret({ namespace, body }, call.opts());
      return;
    }
    await this.#core.replaceNamespacedSecret(
      {
        name,
        namespace,
        body: { ...body, metadata: { ...body.metadata, resourceVersion: old.metadata?.resourceVersion } },
      },
      call.opts(),
    );
  }

  async #putIngress(call: KubeCall, body: V1Ingress): Promise<void> {
    const name = body.metadata?.name ?? '';
    const namespace = this.#namespace;
    const old = await this.#read(() => this.networking.readNamespacedIngress({ name, namespace }, call.opts()));
    if (!old) {
      await this.networking.createNamespacedIngress({ namespace, body }, call.opts());
      return;
    }
    if (
      samePlain(old.spec, body.spec) &&
      sameLabels(old.metadata?.labels, body.metadata?.labels) &&
      sameLabels(old.metadata?.annotations, body.metadata?.annotations)
    ) {
      return;
    }
    await this.networking.replaceNamespacedIngress(
      {
        name,
        namespace,
        body: { ...body, metadata: { ...body.metadata, resourceVersion: old.metadata?.resourceVersion } },
      },
      call.opts(),
    );
  }

  async #read<T>(get: () => Promise<T>): Promise<T | undefined> {
    try {
      return await get();
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async #ignoreMissing(p: Promise<unknown>): Promise<void> {
    try {
      await p;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}

/** Equal as JSON, whatever the key order (the client reads objects back into its model classes). */
function samePlain(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a ?? null)), JSON.parse(JSON.stringify(b ?? null)));
}

function sameLabels(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {}).sort();
  const kb = Object.keys(b ?? {}).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a?.[k] === b?.[k]);
}
