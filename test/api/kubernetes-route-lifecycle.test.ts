/**
 * A route's life around its instance's, on Kubernetes through the API (issue
 * 39): right after the provision that made it succeeded, a route never reads
 * FAILED ("instance … not found") on its way to ACTIVE; and a deprovision
 * takes the instance's routes with it, so they are not listed as ACTIVE
 * afterwards and their host can be routed again by a new instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesIngressName } from '../../src/providers/kubernetes/kubernetes-ingress.js';
import { gql, localIdOf } from '../support/app.js';
import { type KubeApp, provisionOn, startKubeApp, until } from '../support/kube-app.js';

const NS = 'wh-route-lifecycle';
const V1 = 'registry.test/routes:v1';

describe('routes across an instance’s provision and deprovision, on Kubernetes', () => {
  let k: KubeApp;

  beforeAll(async () => {
    k = await startKubeApp(NS, [V1], { edgeDomain: 'apps.test' });
  }, 60_000);
  afterAll(async () => k?.close());

  const routesOf = async (id: string) =>
    (await gql(k.app, k.token, `query($id: ID!) { instance(id: $id) { routes { id host status message } } }`, { id }))
      .instance?.routes as { id: string; host: string; status: string; message: string | null }[];

  const provision = async (name: string, host: string) => {
    const r = await provisionOn(k, {
      name,
      services: [{ name: 'web', image: V1, ports: [{ container: 8080 }] }],
      routes: [{ service: 'web', port: 8080, host }],
    });
    expect(r.operation?.status, JSON.stringify(r)).toBe('SUCCEEDED');
    return r.instance.id;
  };

  it('reads PENDING then ACTIVE after its provision, never FAILED', async () => {
    const id = await provision('first', 'shop.apps.test');
    const seen: string[] = [];
    await until(async () => {
      const [route] = await routesOf(id);
      seen.push(`${route?.status}${route?.message ? `: ${route.message}` : ''}`);
      return route?.status === 'ACTIVE';
    }, 'the route ACTIVE');
    expect(
      seen.filter((s) => s.startsWith('FAILED')),
      seen.join('\n'),
    ).toEqual([]);
  });

  it('a deprovision removes the routes; their host can be routed again', async () => {
    const id = await provision('gone', 'again.apps.test');
    await until(async () => (await routesOf(id))[0]?.status === 'ACTIVE', 'the first route ACTIVE');
    const local = localIdOf(id);
    expect(k.fake.get('ingresses', NS, routesIngressName(local))).toBeDefined();

    const d = await gql(
      k.app,
      k.token,
      'mutation($input: InstanceActionInput!) { deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } } }',
      { input: { instanceId: id, wait: true } },
    );
    expect(d.deprovisionInstance.operation.status).toBe('SUCCEEDED');
    const listed = await gql(k.app, k.token, '{ routes(first: 50) { edges { node { host status } } } }');
    expect(listed.routes.edges.map((e: { node: { host: string } }) => e.node.host)).not.toContain('again.apps.test');
    expect(k.fake.get('ingresses', NS, routesIngressName(local))).toBeUndefined();

    const next = await provision('again', 'again.apps.test');
    await until(async () => (await routesOf(next))[0]?.status === 'ACTIVE', 'the new route on the same host ACTIVE');
    const rules = k.fake.get('ingresses', NS, routesIngressName(localIdOf(next)))?.spec.rules;
    expect(rules.map((r: { host: string }) => r.host)).toEqual(['again.apps.test']);
  });
});
