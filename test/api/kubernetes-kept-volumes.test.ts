/**
 * Kept volumes on Kubernetes (issue 39): a deprovision that keeps its claim
 * records it (keptVolumes lists it, the claim is still there); attaching it to
 * a new instance is refused at the field with the reason (this provider does
 * not re-bind claims yet), and so is deleting it through the API, naming the
 * claim to delete by hand. The Kubernetes provider on the in-process stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, localIdOf } from '../support/app.js';
import { type KubeApp, provisionOn, startKubeApp } from '../support/kube-app.js';

const NS = 'wh-kept-volumes';
const IMAGE = 'registry.test/kept:v1';

describe('Kubernetes: kept claims are listed; attaching or deleting one is refused with the reason', () => {
  let k: KubeApp;

  beforeAll(async () => {
    k = await startKubeApp(NS, [IMAGE]);
  }, 60_000);
  afterAll(async () => {
    await k?.close();
  });

  const spec = (name: string, volume: Record<string, unknown>) => ({
    name,
    services: [{ name: 'db', image: IMAGE, volumes: [{ name: 'data', mountPath: '/data', sizeMb: 64, ...volume }] }],
  });

  it('lists the kept claim and refuses to attach or delete it, saying why', async () => {
    const first = await provisionOn(k, spec('kept-a', {}));
    expect(first.operation.status).toBe('SUCCEEDED');
    const claim = `wh-${localIdOf(first.instance.id)}-data`;
    const down = await gql(
      k.app,
      k.token,
      `mutation($id: ID!) { deprovisionInstance(input: { instanceId: $id, wait: true }) { __typename
        ... on DeprovisionInstancePayload { operation { status } } } }`,
      { id: first.instance.id },
    );
    expect(down.deprovisionInstance.operation.status).toBe('SUCCEEDED');
    expect(k.fake.get('persistentvolumeclaims', NS, claim)).toBeTruthy();

    const listed = (
      await gql(
        k.app,
        k.token,
        '{ keptVolumes { edges { node { id provider name volume service instanceName sizeMb } } } }',
      )
    ).keptVolumes.edges.map((e: { node: unknown }) => e.node);
    expect(listed).toEqual([
      {
        id: expect.any(String),
        provider: 'kubernetes',
        name: claim,
        volume: 'data',
        service: 'db',
        instanceName: 'kept-a',
        sizeMb: 64,
      },
    ]);
    const id = listed[0].id as string;

    const attach = await gql(
      k.app,
      k.token,
      `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
        ... on ValidationError { fieldErrors { path message } } } }`,
      { input: spec('kept-b', { kept: id }) },
    );
    expect(attach.provisionInstance).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['input', 'services', '0', 'volumes', '0', 'kept'], message: expect.any(String) }],
    });
    expect(attach.provisionInstance.fieldErrors[0].message).toBe(
      "the kubernetes provider cannot mount a kept volume in a new instance yet (it creates each instance's volumes itself); provision without kept",
    );

    const del = await gql(
      k.app,
      k.token,
      `mutation($id: ID!) { deleteKeptVolume(input: { id: $id }) { __typename ... on Error { message } } }`,
      { id },
    );
    expect(del.deleteKeptVolume).toEqual({
      __typename: 'ConflictError',
      message: `the kubernetes provider cannot delete kept volume ${claim} through the API yet: delete it on the provider (a Kubernetes claim: kubectl delete pvc ${claim})`,
    });
    expect(k.fake.get('persistentvolumeclaims', NS, claim)).toBeTruthy();
  });
});
