/**
 * A failed first provision is not a dead end on Kubernetes either (issue 39
 * item 2): an image that cannot be pulled fails the provision with
 * IMAGE_NOT_FOUND and its workload is deleted; once the image can be pulled,
 * a deploy (or a restart) finds no workload and creates it, and the instance
 * runs. The real Kubernetes provider against the in-process API stand-in;
 * checked where it lands: the Deployment and what its Service serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, localIdOf } from '../support/app.js';
import { type KubeApp, provisionOn, startKubeApp } from '../support/kube-app.js';

const NS = 'wh-reprovision';
const IMAGE = 'registry.test/late:v1';

describe('Kubernetes: an instance whose provision could not pull its image recovers once it can', () => {
  let k: KubeApp;

  beforeAll(async () => {
    k = await startKubeApp(NS, [IMAGE]);
  }, 60_000);

  afterAll(async () => {
    await k?.close();
  });

  const workload = (id: string) => k.fake.get('deployments', NS, `wh-${localIdOf(id)}`);
  const instance = async (id: string) =>
    (
      await gql(
        k.app,
        k.token,
        `query($id: ID!) { instance(id: $id) { state ready message currentRelease { version }
          operations(first: 5) { edges { node { kind status error { code message } } } } } }`,
        { id },
      )
    ).instance;

  /** Provisions `name` while the image cannot be pulled: FAILED with IMAGE_NOT_FOUND, no workload left. */
  async function failedProvision(name: string): Promise<string> {
    k.fake.failImage(IMAGE);
    const r = await provisionOn(k, {
      name,
      services: [{ name: 'web', image: IMAGE, ports: [{ container: 8080 }] }],
    });
    expect(r.operation.status, JSON.stringify(r)).toBe('FAILED');
    const id = r.instance.id;
    expect(await instance(id)).toMatchObject({
      state: 'FAILED',
      ready: false,
      currentRelease: null,
      operations: { edges: [{ node: { kind: 'PROVISION', error: { code: 'IMAGE_NOT_FOUND' } } }] },
    });
    expect(workload(id)).toBeUndefined();
    return id;
  }

  it('a deploy once the image can be pulled creates the workload; the instance runs and serves', async () => {
    const id = await failedProvision('late-deploy');
    k.fake.failImage(IMAGE, false);
    const r = await gql(
      k.app,
      k.token,
      `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename
        ... on Error { message } ... on DeployInstancePayload { operation { status error { code message } } } } }`,
      { input: { instanceId: id, services: [{ name: 'web', image: IMAGE }], wait: true } },
    );
    expect(r.deployInstance.operation, JSON.stringify(r)).toEqual({ status: 'SUCCEEDED', error: null });
    expect(await instance(id)).toMatchObject({ state: 'RUNNING', ready: true, currentRelease: { version: 2 } });
    expect(workload(id)?.spec.template.spec.containers[0].image).toBe(IMAGE);
    expect(k.fake.serve(`http://wh-${localIdOf(id)}.${NS}.svc:8080`)).toBe('v1');
  });

  it('a restart once the image can be pulled creates the workload from its release; the instance runs', async () => {
    const id = await failedProvision('late-restart');
    k.fake.failImage(IMAGE, false);
    const r = await gql(
      k.app,
      k.token,
      `mutation($input: InstanceActionInput!) { restartInstance(input: $input) { __typename
        ... on Error { message } ... on RestartInstancePayload { operation { status error { code message } } } } }`,
      { input: { instanceId: id, wait: true } },
    );
    expect(r.restartInstance.operation, JSON.stringify(r)).toEqual({ status: 'SUCCEEDED', error: null });
    expect(await instance(id)).toMatchObject({ state: 'RUNNING', ready: true, currentRelease: { version: 1 } });
    expect(workload(id)?.spec.template.spec.containers[0].image).toBe(IMAGE);
    expect(k.fake.serve(`http://wh-${localIdOf(id)}.${NS}.svc:8080`)).toBe('v1');
  });
});
