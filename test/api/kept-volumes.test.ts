/**
 * Kept volumes (issue 39), through the API on the real Docker Engine: a
 * deprovision that keeps its volume records it (keptVolumes); a new instance
 * attaches it by id and finds its data; deleting it removes it from the
 * engine and the list; another tenant neither sees, attaches nor deletes it;
 * a volume on another provider or already attached is refused at its field;
 * a sizeMb this engine cannot enforce is refused, not ignored.
 */
import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { volumeName } from '../../src/providers/docker/docker-names.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { Registry } from '../../src/providers/registry.js';
import { gql, localIdOf, startTestApp, type TestApp } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages, FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';

const PROVISION = `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
  ... on ProvisionInstancePayload { instance { id name } operation { status error { message } } }
  ... on ValidationError { message fieldErrors { path message } } ... on Error { message } } }`;
const DEPROVISION = `mutation($input: InstanceActionInput!, $deleteVolumes: Boolean) {
  deprovisionInstance(input: $input, deleteVolumes: $deleteVolumes) { __typename
    ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } } }`;
const KEPT = `query($first: Int, $after: String) { keptVolumes(first: $first, after: $after) {
  edges { cursor node { id provider name volume service instanceName sizeMb keptAt } }
  pageInfo { hasNextPage endCursor } } }`;
const DELETE = `mutation($input: DeleteKeptVolumeInput!) { deleteKeptVolume(input: $input) { __typename
  ... on DeleteKeptVolumePayload { id } ... on Error { message } } }`;
const DEPLOY = `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename
  ... on DeployInstancePayload { operation { status } } ... on Error { message } } }`;
const EXEC = `mutation($input: ExecInstanceInput!) { execInstance(input: $input) { __typename
  ... on ExecInstancePayload { stdout exitCode } ... on Error { message } } }`;

interface KeptNode {
  id: string;
  provider: string;
  name: string;
  volume: string;
  service: string | null;
  instanceName: string;
  sizeMb: number | null;
}

const skip = !(await dockerOrSkip());
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });

describe.skipIf(skip)('kept volumes', () => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  const instanceIds: string[] = [];
  const volumes = new Set<string>();

  beforeAll(async () => {
    await ensureTestImages();
    const registry = new Registry();
    registry.register('docker', new DockerProvider({ ...FAST_DOCKER_OPTIONS, key: 'docker' }));
    // A second provider on the same engine: a volume kept on one is not the other's.
    registry.register('other', new DockerProvider({ ...FAST_DOCKER_OPTIONS, key: 'other' }));
    registry.setDefault('docker');
    t = await startTestApp({ registry });
    owner = (await t.newTenant()).token;
    stranger = (await t.newTenant()).token;
  });
  afterAll(async () => {
    const provider = new DockerProvider(FAST_DOCKER_OPTIONS);
    for (const id of instanceIds) await provider.deprovision({}, id, { deleteVolumes: true }).catch(() => undefined);
    for (const v of volumes)
      await docker
        .getVolume(v)
        .remove()
        .catch(() => undefined);
    await t?.stop();
  });

  const provision = async (
    token: string,
    volume: Record<string, unknown>,
    opts: { provider?: string; command?: string; name?: string; idempotencyKey?: string } = {},
  ) => {
    const r = await gql(t, token, PROVISION, {
      input: {
        name: opts.name ?? `kv-${randomUUID().slice(0, 8)}`,
        wait: true,
        ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
        ...(opts.provider ? { provider: opts.provider } : {}),
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [
          {
            name: 'db',
            image: TEST_IMAGES.tool,
            command: ['sh', '-c', opts.command ?? 'exec sleep 600'],
            volumes: [{ name: 'data', mountPath: '/data', ...volume }],
          },
        ],
      },
    });
    const p = r.provisionInstance;
    if (p.__typename === 'ProvisionInstancePayload') instanceIds.push(localIdOf(p.instance.id));
    return p;
  };
  const deprovision = async (token: string, gid: string, deleteVolumes = false) => {
    const r = await gql(t, token, DEPROVISION, { input: { instanceId: gid, wait: true }, deleteVolumes });
    expect(r.deprovisionInstance.operation?.status).toBe('SUCCEEDED');
  };
  const kept = async (token: string): Promise<KeptNode[]> =>
    (await gql(t, token, KEPT, {})).keptVolumes.edges.map((e: { node: KeptNode }) => e.node);
  const onEngine = async (name: string) =>
    docker
      .getVolume(name)
      .inspect()
      .then(() => true)
      .catch(() => false);

  it('lists a kept volume, attaches it to a new instance with its data, and deletes it from the engine', async () => {
    const first = await provision(owner, {}, { command: 'echo kept-data > /data/file; exec sleep 600' });
    expect(first.operation.status).toBe('SUCCEEDED');
    const name = volumeName(localIdOf(first.instance.id), 'data');
    volumes.add(name);
    await deprovision(owner, first.instance.id);

    const listed = await kept(owner);
    expect(listed).toEqual([
      {
        id: expect.any(String),
        provider: 'docker',
        name,
        volume: 'data',
        service: 'db',
        instanceName: first.instance.name,
        sizeMb: null,
        keptAt: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    const id = listed[0]!.id;

    // Another tenant: sees nothing, cannot attach or delete it (the owner can, below: the positive control).
    expect(await kept(stranger)).toEqual([]);
    const foreign = await provision(stranger, { kept: id });
    expect(foreign.__typename).toBe('ValidationError');
    expect(foreign.fieldErrors).toEqual([
      {
        path: ['input', 'services', '0', 'volumes', '0', 'kept'],
        message: 'no kept volume of this tenant has this id',
      },
    ]);
    expect((await gql(t, stranger, DELETE, { input: { id } })).deleteKeptVolume.__typename).toBe('NotFoundError');
    expect(await onEngine(name)).toBe(true);

    // Another provider: refused at the field, naming both.
    const elsewhere = await provision(owner, { kept: id }, { provider: 'other' });
    expect(elsewhere.__typename).toBe('ValidationError');
    expect(elsewhere.fieldErrors[0].path).toEqual(['input', 'services', '0', 'volumes', '0', 'kept']);
    expect(elsewhere.fieldErrors[0].message).toBe(`volume ${name} is kept on provider "docker", not "other"`);

    const second = await provision(owner, { kept: id });
    expect(second.operation.status).toBe('SUCCEEDED');
    const read = await gql(t, owner, EXEC, {
      input: { instanceId: second.instance.id, service: 'db', command: ['cat', '/data/file'] },
    });
    expect(read.execInstance).toEqual({ __typename: 'ExecInstancePayload', stdout: 'kept-data\n', exitCode: 0 });
    // A deploy replaces the container: the new one mounts the same kept volume.
    const deployed = await gql(t, owner, DEPLOY, {
      input: {
        instanceId: second.instance.id,
        wait: true,
        services: [{ name: 'db', image: TEST_IMAGES.tool, env: [{ name: 'V', value: '2' }] }],
      },
    });
    expect(deployed.deployInstance, JSON.stringify(deployed)).toMatchObject({ operation: { status: 'SUCCEEDED' } });
    const reread = await gql(t, owner, EXEC, {
      input: { instanceId: second.instance.id, service: 'db', command: ['sh', '-c', 'echo $V; cat /data/file'] },
    });
    expect(reread.execInstance.stdout).toBe('2\nkept-data\n');
    // Attached: no longer listed, cannot be attached twice nor deleted under the instance.
    expect(await kept(owner)).toEqual([]);
    const twice = await provision(owner, { kept: id });
    expect(twice.__typename).toBe('ValidationError');
    expect(twice.fieldErrors[0].message).toBe(`volume ${name} is already attached to an instance`);
    expect((await gql(t, owner, DELETE, { input: { id } })).deleteKeptVolume.__typename).toBe('ConflictError');

    // Kept again by the second instance: listed under its name, then deleted for good.
    await deprovision(owner, second.instance.id);
    const again = await kept(owner);
    expect(again.map((v) => [v.id, v.name, v.instanceName])).toEqual([[id, name, second.instance.name]]);
    expect(await gql(t, owner, DELETE, { input: { id } })).toEqual({
      deleteKeptVolume: { __typename: 'DeleteKeptVolumePayload', id },
    });
    expect(await onEngine(name)).toBe(false);
    await expect(docker.getVolume(name).inspect()).rejects.toThrow(/no such volume/i);
    expect(await kept(owner)).toEqual([]);
  });

  it('replays a retried provision that attached it; forgets it when that instance is deprovisioned with deleteVolumes', async () => {
    const first = await provision(owner, {});
    const name = volumeName(localIdOf(first.instance.id), 'data');
    volumes.add(name);
    await deprovision(owner, first.instance.id);
    const [listed] = await kept(owner);
    expect(listed?.name).toBe(name);
    const retry = { name: `kv-${randomUUID().slice(0, 8)}`, idempotencyKey: randomUUID() };
    const second = await provision(owner, { kept: listed!.id }, retry);
    expect(second.operation.status).toBe('SUCCEEDED');
    // The same request again (a client retrying after a lost answer): the same instance, not "already attached".
    const replayed = await provision(owner, { kept: listed!.id }, retry);
    expect(replayed.__typename).toBe('ProvisionInstancePayload');
    expect(replayed.instance.id).toBe(second.instance.id);
    await deprovision(owner, second.instance.id, true);
    expect(await onEngine(name)).toBe(false);
    expect(await kept(owner)).toEqual([]);
  });

  it('pages kept volumes forward, newest first', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await provision(owner, {});
      made.push(volumeName(localIdOf(p.instance.id), 'data'));
      volumes.add(made.at(-1)!);
      await deprovision(owner, p.instance.id);
    }
    const page1 = (await gql(t, owner, KEPT, { first: 2 })).keptVolumes;
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await gql(t, owner, KEPT, { first: 2, after: page1.pageInfo.endCursor })).keptVolumes;
    expect(page2.pageInfo.hasNextPage).toBe(false);
    const names = [...page1.edges, ...page2.edges].map((e: { node: KeptNode }) => e.node.name);
    expect(names).toEqual([...made].reverse());
    for (const e of [...page1.edges, ...page2.edges]) await gql(t, owner, DELETE, { input: { id: e.node.id } });
    for (const n of made) expect(await onEngine(n)).toBe(false);
  });

  it('refuses backward paging and a cursor it did not return, naming the argument', async () => {
    await expect(gql(t, owner, '{ keptVolumes(last: 1) { edges { cursor } } }')).rejects.toThrow(
      /last: this connection pages forward only/,
    );
    await expect(gql(t, owner, '{ keptVolumes(after: "nope") { edges { cursor } } }')).rejects.toThrow(
      /after: not a cursor this field returned/,
    );
    await expect(gql(t, owner, '{ keptVolumes(first: 101) { edges { cursor } } }')).rejects.toThrow(
      /first: must be between 0 and 100/,
    );
  });

  it('refuses a sizeMb this engine cannot enforce, at its field; passes it to the engine where it can', async () => {
    // What this engine does with a size, asked directly: the local driver needs storage with quotas.
    const probe = `kv-size-${randomUUID().slice(0, 8)}`;
    const enforces = await docker
      .createVolume({ Name: probe, DriverOpts: { size: '1m' } })
      .then(() => true)
      .catch(() => false);
    if (enforces) await docker.getVolume(probe).remove();
    const r = await provision(owner, { sizeMb: 64 });
    if (enforces) {
      expect(r.operation.status).toBe('SUCCEEDED');
      const name = volumeName(localIdOf(r.instance.id), 'data');
      volumes.add(name);
      expect((await docker.getVolume(name).inspect()).Options).toEqual({ size: '64m' });
      return;
    }
    expect(r.__typename).toBe('ValidationError');
    expect(r.fieldErrors).toEqual([
      {
        path: ['input', 'services', '0', 'volumes', '0', 'sizeMb'],
        message: expect.stringMatching(/^this Docker Engine cannot enforce a volume size \(.*quota.*\); omit sizeMb$/),
      },
    ]);
    // The provider's own probe volume is gone.
    const left = (await docker.listVolumes()).Volumes?.filter((v) => v.Name.startsWith('wh-size-probe-')) ?? [];
    expect(left).toEqual([]);
  });
});
