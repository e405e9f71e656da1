/**
 * deprovisionInstance keeps an instance's volumes (and their data) unless
 * asked with deleteVolumes, and its operation says what it kept: through
 * the API, on the real Docker Engine.
 */
import { randomUUID } from 'node:crypto';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { volumeName } from '../../src/providers/docker/docker-names.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { graphql } from '../generated/gql.js';
import { query, type TestApp } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';

const Provision = graphql(`
  mutation VolumesProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id } operation { status } }
      ... on Error { message }
    }
  }
`);

const Deprovision = graphql(`
  mutation VolumesDeprovision($input: InstanceActionInput!, $deleteVolumes: Boolean) {
    deprovisionInstance(input: $input, deleteVolumes: $deleteVolumes) {
      __typename
      ... on DeprovisionInstancePayload { operation { status steps { name message } } }
      ... on Error { message }
    }
  }
`);

const skip = !(await dockerOrSkip());
const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });

describe.skipIf(skip)('deprovisionInstance and volumes', () => {
  let t: TestApp;
  let token: string;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await startDockerApp();
    token = (await t.newTenant()).token;
  });
  afterAll(async () => {
    const provider = new DockerProvider(FAST_DOCKER_OPTIONS);
    for (const id of ids) await provider.deprovision({}, id, { deleteVolumes: true }).catch(() => undefined);
    await t?.stop();
  });

  const provision = async () => {
    const r = await query(t.url, token, Provision, {
      input: {
        name: `vol-${randomUUID().slice(0, 8)}`,
        wait: true,
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [
          {
            name: 'db',
            image: TEST_IMAGES.tool,
            command: ['sh', '-c', 'echo kept > /data/file; exec sleep 600'],
            volumes: [{ name: 'data', mountPath: '/data' }],
          },
        ],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    const gid = r.provisionInstance.instance.id;
    const id = Buffer.from(gid, 'base64').toString().split(':')[1] as string;
    ids.push(id);
    return { gid, id };
  };
  const volumes = async (id: string) =>
    (await docker.listVolumes({ filters: { label: [`wheelhouse.instance=${id}`] } })).Volumes.map((v) => v.Name);

  it('keeps the volume by default and names it in the operation; deletes it with deleteVolumes', async () => {
    const kept = await provision();
    const r = await query(t.url, token, Deprovision, { input: { instanceId: kept.gid, wait: true } });
    if (r.deprovisionInstance.__typename !== 'DeprovisionInstancePayload') throw new Error(JSON.stringify(r));
    expect(r.deprovisionInstance.operation.status).toBe('SUCCEEDED');
    const name = volumeName(kept.id, 'data');
    const apply = r.deprovisionInstance.operation.steps.find((s) => s.name === 'apply deprovision');
    expect(apply?.message).toContain(`kept 1 volume(s) and their data: ${name}`);
    expect(await volumes(kept.id)).toEqual([name]);
    expect(await dockerLeftovers(docker, kept.id)).toEqual([`volume ${name}`]);

    const gone = await provision();
    const d = await query(t.url, token, Deprovision, {
      input: { instanceId: gone.gid, wait: true },
      deleteVolumes: true,
    });
    if (d.deprovisionInstance.__typename !== 'DeprovisionInstancePayload') throw new Error(JSON.stringify(d));
    expect(d.deprovisionInstance.operation.status).toBe('SUCCEEDED');
    expect(d.deprovisionInstance.operation.steps.find((s) => s.name === 'apply deprovision')?.message).toBe(
      'deprovisioned; volumes deleted',
    );
    expect(await dockerLeftovers(docker, gone.id)).toEqual([]);
  });
});
