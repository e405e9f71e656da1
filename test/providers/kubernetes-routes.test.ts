/**
 * Routes on Kubernetes (the provider's TrafficEngine) against the in-process
 * API stand-in, which validates Ingresses and TLS Secrets as the API server
 * does: one Ingress per instance with each route's host, Prefix path and
 * backend Service port, a `kubernetes.io/tls` Secret per TLS host named in
 * spec.tls, kept in step as routes change, and gone when emptied or when the
 * instance is deprovisioned.
 */
import 'reflect-metadata';
import { randomUUID, webcrypto, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Capabilities } from '../../src/providers/capabilities.js';
import { kubernetesProviderFromConfig, loadKubeConfig } from '../../src/providers/kubernetes/kubernetes-config.js';
import { routesIngressName, routeTlsSecretName } from '../../src/providers/kubernetes/kubernetes-ingress.js';
import { Labels } from '../../src/providers/kubernetes/kubernetes-objects.js';
import type { KubernetesProviderOptions } from '../../src/providers/kubernetes/kubernetes-options.js';
import { KubernetesProvider } from '../../src/providers/kubernetes/kubernetes-provider.js';
import type { TenantNamespacedKubernetes } from '../../src/providers/kubernetes/kubernetes-tenant-namespaces.js';
import type { CallContext, ProvisionRequest } from '../../src/providers/provider.js';
import { isProviderError, type ProviderErrorKind } from '../../src/providers/provider-errors.js';
import type { RouteCertificate, RouteSpec } from '../../src/providers/traffic.js';
import { FakeKubeApi } from '../support/fake-kube-api.js';

const NAMESPACE = 'wheelhouse-routes';
const IMAGE = 'registry.test/web:v1';
const TENANT = 'tenant-routes';
const ctx: CallContext = {};
const crypto = webcrypto as unknown as Crypto;
const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** A self-signed certificate and key for `host`, as a route's resolved certificate. */
async function certificateFor(host: string): Promise<RouteCertificate> {
  const keys = (await crypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: `CN=${host}`,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
      keys,
      signingAlgorithm: EC,
      extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: host }])],
    },
    crypto,
  );
  return {
    certificatePem: cert.toString('pem'),
    privateKeyPem: x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY'),
  };
}

async function expectKind(promise: Promise<unknown>, kind: ProviderErrorKind): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProviderError(err)) throw new Error(`expected a ProviderError ${kind}, got ${String(err)}`);
  expect(err.kind).toBe(kind);
  return err.message;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
const unb64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

describe('Kubernetes routes: an Ingress and its TLS Secrets', () => {
  let fake: FakeKubeApi;
  let p: KubernetesProvider;
  let certA: RouteCertificate;
  let certA2: RouteCertificate;
  const FAST: Omit<KubernetesProviderOptions, 'kubeConfig'> = {
    namespace: NAMESPACE,
    pollIntervalMs: 25,
    minReadyMs: 100,
    startTimeoutMs: 10_000,
  };

  /** An instance with two services: web on 8080, api on 9090. */
  async function provisionInstance(provider: { provision: KubernetesProvider['provision'] } = p) {
    const instanceId = randomUUID();
    const svc = (name: string, port: number) => ({
      name,
      image: IMAGE,
      role: name === 'web' ? ('main' as const) : ('sidecar' as const),
      dependsOn: [],
      resources: {},
      env: {},
      ports: [{ container: port, protocol: 'tcp' as const }],
      volumes: [],
      secrets: [],
      configFiles: [],
      annotations: {},
    });
    const req: ProvisionRequest = {
      instanceId,
      tenantId: TENANT,
      name: 'shop',
      kind: 'deployment',
      labels: {},
      services: [svc('web', 8080), svc('api', 9090)],
    };
    await provider.provision(ctx, req);
    return instanceId;
  }

  const route = (instanceId: string, over: Partial<RouteSpec> & Pick<RouteSpec, 'id' | 'host'>): RouteSpec => ({
    instanceId,
    tenantId: TENANT,
    service: 'web',
    port: 8080,
    pathPrefix: '/',
    ...over,
  });
  const ingressOf = (id: string) => fake.get('ingresses', NAMESPACE, routesIngressName(id));
  const routeSecrets = (id: string) =>
    fake.list('secrets', NAMESPACE, `${Labels.instance}=${id},wheelhouse.dev/edge=routes`);

  beforeAll(async () => {
    fake = await new FakeKubeApi().start();
    fake.defineImage(IMAGE, { script: 'while true; do sleep 0.2; done' });
    p = new KubernetesProvider({
      ...FAST,
      kubeConfig: loadKubeConfig(fake.kubeconfigPath),
      edgeDomain: 'apps.example.test',
    });
    [certA, certA2] = await Promise.all([certificateFor('shop.example.test'), certificateFor('shop.example.test')]);
  });

  afterAll(async () => {
    p?.close();
    await fake?.close();
  });

  it('is a traffic engine that declares custom-domains and tls, and reports an ingress edge with its domain', async () => {
    expect(p.engines.traffic).toBeDefined();
    expect(p.capabilities()).toEqual(expect.arrayContaining([Capabilities.customDomains, Capabilities.tls]));
    expect(await p.engines.traffic!.edge(ctx)).toMatchObject({
      kind: 'ingress',
      healthy: true,
      domain: 'apps.example.test',
    });
    const plain = new KubernetesProvider({ ...FAST, kubeConfig: loadKubeConfig(fake.kubeconfigPath) });
    expect((await plain.engines.traffic!.edge(ctx)).domain).toBe('localhost');
    plain.close();
    // The providers file's option, parsed like the others; a bad one names itself.
    const fromFile = kubernetesProviderFromConfig(
      'k8s',
      { namespace: NAMESPACE, edgeDomain: 'k.example.test' },
      undefined,
      fake.kubeconfigPath,
    );
    expect((await fromFile.engines.traffic!.edge(ctx)).domain).toBe('k.example.test');
    fromFile.close();
    expect(() =>
      kubernetesProviderFromConfig('k8s', { edgeDomain: 'Bad_Domain' }, undefined, fake.kubeconfigPath),
    ).toThrow(/^options\.edgeDomain: must be a lower-case DNS name$/);
  });

  it('makes one Ingress with each host, Prefix path and backend, and a TLS Secret holding the certificate', async () => {
    const id = await provisionInstance();
    await p.engines.traffic!.applyRoutes(ctx, id, [
      route(id, { id: 'r1', host: 'shop.example.test', tls: { certificate: certA, redirectHttp: true } }),
      route(id, { id: 'r2', host: 'shop.example.test', pathPrefix: '/api', service: 'api', port: 9090 }),
      route(id, { id: 'r3', host: `web-${id.slice(0, 8)}-t.apps.example.test` }),
    ]);
    const ingress = ingressOf(id);
    const secretName = routeTlsSecretName(id, 'shop.example.test');
    const labels = {
      [Labels.instance]: id,
      [Labels.tenant]: TENANT,
      [Labels.managedBy]: 'wheelhouse',
      'wheelhouse.dev/edge': 'routes',
    };
    expect(ingress?.metadata.labels).toEqual(labels);
    expect(ingress?.metadata.annotations).toEqual({ 'nginx.ingress.kubernetes.io/ssl-redirect': 'true' });
    const backend = (port: number) => ({ service: { name: `wh-${id}`, port: { number: port } } });
    expect(ingress?.spec).toEqual({
      tls: [{ hosts: ['shop.example.test'], secretName }],
      rules: [
        {
          host: 'shop.example.test',
          http: {
            paths: [
              { path: '/api', pathType: 'Prefix', backend: backend(9090) },
              { path: '/', pathType: 'Prefix', backend: backend(8080) },
            ],
          },
        },
        {
          host: `web-${id.slice(0, 8)}-t.apps.example.test`,
          http: { paths: [{ path: '/', pathType: 'Prefix', backend: backend(8080) }] },
        },
      ],
    });
    // The backend is the instance's ClusterIP Service, and it serves both ports.
    const svcPorts = fake.get('services', NAMESPACE, `wh-${id}`)?.spec.ports.map((x: { port: number }) => x.port);
    expect(svcPorts).toEqual(expect.arrayContaining([8080, 9090]));

    const secrets = routeSecrets(id);
    expect(secrets.map((s) => s.metadata.name)).toEqual([secretName]);
    const secret = secrets[0];
    expect(secret?.type).toBe('kubernetes.io/tls');
    expect(secret?.metadata.labels).toEqual(labels);
    expect(unb64(secret?.data['tls.crt'])).toBe(certA.certificatePem);
    expect(unb64(secret?.data['tls.key'])).toBe(certA.privateKeyPem);
    expect(new X509Certificate(unb64(secret?.data['tls.crt'])).checkHost('shop.example.test')).toBe(
      'shop.example.test',
    );

    // Converges: the same routes again write nothing.
    const versions = [ingress?.metadata.resourceVersion, secret?.metadata.resourceVersion];
    await p.engines.traffic!.applyRoutes(ctx, id, [
      route(id, { id: 'r1', host: 'shop.example.test', tls: { certificate: certA, redirectHttp: true } }),
      route(id, { id: 'r2', host: 'shop.example.test', pathPrefix: '/api', service: 'api', port: 9090 }),
      route(id, { id: 'r3', host: `web-${id.slice(0, 8)}-t.apps.example.test` }),
    ]);
    expect([ingressOf(id)?.metadata.resourceVersion, routeSecrets(id)[0]?.metadata.resourceVersion]).toEqual(versions);
  });

  it('follows the routes: a new certificate replaces the Secret, a removed route its rule, TLS off its Secret', async () => {
    const id = await provisionInstance();
    const tlsRoute = (certificate: RouteCertificate) =>
      route(id, { id: 'r1', host: 'shop.example.test', tls: { certificate, redirectHttp: false } });
    await p.engines.traffic!.applyRoutes(ctx, id, [
      tlsRoute(certA),
      route(id, { id: 'r2', host: 'other.example.test' }),
    ]);
    expect(ingressOf(id)?.metadata.annotations).toEqual({ 'nginx.ingress.kubernetes.io/ssl-redirect': 'false' });

    await p.engines.traffic!.applyRoutes(ctx, id, [tlsRoute(certA2)]);
    expect(ingressOf(id)?.spec.rules.map((r: { host: string }) => r.host)).toEqual(['shop.example.test']);
    expect(unb64(routeSecrets(id)[0]?.data['tls.key'])).toBe(certA2.privateKeyPem);

    await p.engines.traffic!.applyRoutes(ctx, id, [route(id, { id: 'r1', host: 'shop.example.test' })]);
    expect(ingressOf(id)?.spec.tls).toBeUndefined();
    expect(ingressOf(id)?.metadata.annotations).toBeUndefined();
    expect(routeSecrets(id)).toEqual([]);
    expect(fake.get('secrets', NAMESPACE, routeTlsSecretName(id, 'shop.example.test'))).toBeUndefined();
  });

  it('empties: the Ingress and its Secrets go, the instance’s own objects stay', async () => {
    const id = await provisionInstance();
    await p.engines.traffic!.applyRoutes(ctx, id, [
      route(id, { id: 'r1', host: 'shop.example.test', tls: { certificate: certA, redirectHttp: true } }),
    ]);
    expect(ingressOf(id)).toBeDefined();
    expect(routeSecrets(id)).toHaveLength(1);
    await p.engines.traffic!.applyRoutes(ctx, id, []);
    expect(ingressOf(id)).toBeUndefined();
    expect(routeSecrets(id)).toEqual([]);
    expect(fake.get('services', NAMESPACE, `wh-${id}`)).toBeDefined();
    expect(fake.get('deployments', NAMESPACE, `wh-${id}`)).toBeDefined();
    // Empty again is fine: nothing to remove.
    await p.engines.traffic!.applyRoutes(ctx, id, []);
  });

  it('refuses a service or port the instance lacks, and an instance that is not there, writing nothing', async () => {
    const id = await provisionInstance();
    const before = fake.labelled(`${Labels.instance}=${id}`);
    expect(
      await expectKind(
        p.engines.traffic!.applyRoutes(ctx, id, [route(id, { id: 'r1', host: 'a.example.test', service: 'db' })]),
        'invalid_spec',
      ),
    ).toMatch(/has no service db/);
    expect(
      await expectKind(
        p.engines.traffic!.applyRoutes(ctx, id, [route(id, { id: 'r1', host: 'a.example.test', port: 9090 })]),
        'invalid_spec',
      ),
    ).toMatch(/service web has no TCP port 9090/);
    const ghost = randomUUID();
    await expectKind(
      p.engines.traffic!.applyRoutes(ctx, ghost, [route(ghost, { id: 'r1', host: 'a.example.test' })]),
      'not_found',
    );
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual(before);
    expect(fake.labelled(`${Labels.instance}=${ghost}`)).toEqual([]);
  });

  it('deprovision removes the Ingress and the TLS Secrets with everything else', async () => {
    const id = await provisionInstance();
    await p.engines.traffic!.applyRoutes(ctx, id, [
      route(id, { id: 'r1', host: 'shop.example.test', tls: { certificate: certA, redirectHttp: true } }),
    ]);
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual(
      expect.arrayContaining([
        `Ingress/${routesIngressName(id)}`,
        `Secret/${routeTlsSecretName(id, 'shop.example.test')}`,
      ]),
    );
    await p.deprovision(ctx, id);
    expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);
  });

  it('puts a per-tenant provider’s routes in the tenant’s namespace', async () => {
    const perTenant = kubernetesProviderFromConfig(
      'k8s',
      { namespace: 'whr', namespaces: 'per-tenant' },
      undefined,
      fake.kubeconfigPath,
    ) as TenantNamespacedKubernetes;
    try {
      const id = await provisionInstance(perTenant);
      const ns = perTenant.namespaceOf(TENANT);
      await perTenant.engines.traffic!.applyRoutes(ctx, id, [
        route(id, { id: 'r1', host: 'shop.example.test', tls: { certificate: certA, redirectHttp: true } }),
      ]);
      expect(fake.get('ingresses', ns, routesIngressName(id))?.spec.rules[0].host).toBe('shop.example.test');
      expect(fake.get('secrets', ns, routeTlsSecretName(id, 'shop.example.test'))?.data['tls.crt']).toBe(
        b64(certA.certificatePem),
      );
      expect(ingressOf(id)).toBeUndefined();
      await perTenant.deprovision(ctx, id);
      expect(fake.labelled(`${Labels.instance}=${id}`)).toEqual([]);
      // Routes emptied for an instance no namespace holds: nothing to do, no error.
      await perTenant.engines.traffic!.applyRoutes(ctx, id, []);
    } finally {
      perTenant.close();
    }
  });

  it('the stand-in refuses what the API server refuses (a TLS Secret without its key, a path without a type)', async () => {
    const res = await fetch(`${fake.url}/api/v1/namespaces/${NAMESPACE}/secrets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        metadata: { name: 'bad-tls' },
        type: 'kubernetes.io/tls',
        data: { 'tls.crt': b64('x') },
      }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/data\[tls\.key\]: Required value/);
    const ing = await fetch(`${fake.url}/apis/networking.k8s.io/v1/namespaces/${NAMESPACE}/ingresses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        metadata: { name: 'bad-ingress' },
        spec: {
          rules: [
            {
              host: 'a.example.test',
              http: { paths: [{ path: '/', backend: { service: { name: 's', port: { number: 80 } } } }] },
            },
          ],
        },
      }),
    });
    expect(ing.status).toBe(422);
    expect(fake.get('secrets', NAMESPACE, 'bad-tls')).toBeUndefined();
  });
});
