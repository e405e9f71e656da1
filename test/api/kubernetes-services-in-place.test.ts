/**
 * On Kubernetes an instance's services are the containers of one pod, so
 * adding or removing one in place would replace every service's pod: the
 * deploy (and a rollback to a release with another set) is refused with that
 * reason by field, before any release is written or the workload touched
 * (issue 39, item 3). The real Kubernetes provider on the in-process stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, localIdOf } from '../support/app.js';
import { type KubeApp, provisionOn, startKubeApp } from '../support/kube-app.js';

const NS = 'wh-inplace';
const WEB = 'registry.test/web:v1';
const TOOL = 'registry.test/tool:v1';

describe('Kubernetes: services are not added or removed in place, and the refusal says why', () => {
  let k: KubeApp;

  beforeAll(async () => {
    k = await startKubeApp(NS, [WEB, TOOL]);
  }, 60_000);

  afterAll(async () => {
    await k?.close();
  });

  it('refuses addServices and removeServices by field with the reason; nothing changes', async () => {
    const r = await provisionOn(k, {
      name: 'pod',
      services: [
        { name: 'web', image: WEB, ports: [{ container: 8080 }] },
        { name: 'sidecar', image: TOOL, role: 'SIDECAR' },
      ],
    });
    expect(r.operation.status, JSON.stringify(r)).toBe('SUCCEEDED');
    const id = r.instance.id;
    const containers = () =>
      k.fake
        .get('deployments', NS, `wh-${localIdOf(id)}`)
        ?.spec.template.spec.containers.map((c: { name: string }) => c.name);
    const before = containers();
    expect(before).toEqual(['web', 'sidecar']);
    const deploy = async (input: Record<string, unknown>) =>
      (
        await gql(
          k.app,
          k.token,
          `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) {
            __typename ... on ValidationError { fieldErrors { path message } } } }`,
          { input: { instanceId: id, services: [], ...input } },
        )
      ).deployInstance;
    const reason =
      "the Kubernetes provider runs the services of an instance as the containers of one pod and does not change that set, nor a service's volumes, secrets or dependsOn, in place: deprovision and provision the instance with the new spec";
    expect(await deploy({ removeServices: ['sidecar'] })).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['input', 'removeServices'], message: reason }],
    });
    expect(await deploy({ addServices: [{ name: 'worker', image: TOOL, role: 'SIDECAR' }] })).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['input', 'addServices'], message: reason }],
    });
    expect(
      await deploy({ services: [{ name: 'web', image: WEB, volumes: [{ name: 'data', mountPath: '/data' }] }] }),
    ).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['input', 'services', '0', 'volumes'], message: reason }],
    });
    const after = await gql(
      k.app,
      k.token,
      'query($id: ID!) { instance(id: $id) { releases(first: 5) { edges { node { version } } } } }',
      {
        id,
      },
    );
    expect(after.instance.releases.edges).toHaveLength(1);
    expect(containers()).toEqual(before);
  });
});
