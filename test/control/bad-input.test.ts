import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import type { ServiceSpecInput } from '../generated/graphql.js';
import {
  execute,
  localIdOf,
  query,
  startTestApp,
  type TestApp,
  type TestTenant,
  tenantRowCounts,
} from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';

const Provision = graphql(`
  mutation CtlBadProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload {
        instance { id currentRelease { id } }
        operation { id status }
      }
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const Deploy = graphql(`
  mutation CtlBadDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const Scale = graphql(`
  mutation CtlBadScale($input: ScaleInstanceInput!) {
    scaleInstance(input: $input) {
      __typename
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const Rollback = graphql(`
  mutation CtlBadRollback($input: RollbackInstanceInput!) {
    rollbackInstance(input: $input) {
      __typename
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const Exec = graphql(`
  mutation CtlBadExec($input: ExecInstanceInput!) {
    execInstance(input: $input) {
      __typename
      ... on ValidationError { message fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);

const IMAGE = 'registry.example.com/team/web:1.2';
const web = (extra: Partial<ServiceSpecInput> = {}): ServiceSpecInput => ({ name: 'web', image: IMAGE, ...extra });
const side = (extra: Partial<ServiceSpecInput> = {}): ServiceSpecInput => ({
  name: 'side',
  image: IMAGE,
  role: 'SIDECAR',
  ...extra,
});

/** A provision that breaks exactly one rule, and the field paths it must be refused with. */
interface Case {
  name: string;
  input: { name?: string; provider?: string; services: ServiceSpecInput[] };
  paths: string[][];
}

const s = (...rest: (string | number)[]) => ['input', 'services', ...rest.map(String)];

const CASES: Case[] = [
  {
    name: 'instance name with capitals and "_"',
    input: { name: 'Bad_Name', services: [web()] },
    paths: [['input', 'name']],
  },
  { name: 'empty instance name', input: { name: '', services: [web()] }, paths: [['input', 'name']] },
  {
    name: 'instance name of 64 characters',
    input: { name: `a${'b'.repeat(63)}`, services: [web()] },
    paths: [['input', 'name']],
  },
  {
    name: 'instance name starting with a digit',
    input: { name: '1web', services: [web()] },
    paths: [['input', 'name']],
  },
  { name: 'service name with "!"', input: { services: [web({ name: 'Web!' })] }, paths: [s(0, 'name')] },
  { name: 'service name ending with "-"', input: { services: [web({ name: 'web-' })] }, paths: [s(0, 'name')] },
  { name: 'duplicate service names', input: { services: [web(), side({ name: 'web' })] }, paths: [s(1, 'name')] },
  { name: 'no services at all', input: { services: [] }, paths: [s()] },
  { name: 'zero MAIN services', input: { services: [web({ role: 'SIDECAR' }), side()] }, paths: [s()] },
  { name: 'two MAIN services', input: { services: [web(), side({ role: 'MAIN' })] }, paths: [s()] },
  {
    name: 'dependsOn an unknown service',
    input: { services: [web({ dependsOn: ['db'] })] },
    paths: [s(0, 'dependsOn', 0)],
  },
  {
    name: 'dependsOn itself',
    input: { services: [web(), side({ dependsOn: ['web', 'side'] })] },
    paths: [s(1, 'dependsOn', 1)],
  },
  {
    name: 'a dependsOn cycle',
    input: { services: [web({ dependsOn: ['side'] }), side({ dependsOn: ['web'] })] },
    paths: [s(0, 'dependsOn')],
  },
  {
    name: 'a three-service dependsOn cycle',
    input: {
      services: [
        web({ dependsOn: ['b'] }),
        side({ name: 'b', dependsOn: ['c'] }),
        side({ name: 'c', dependsOn: ['web'] }),
      ],
    },
    paths: [s(0, 'dependsOn')],
  },
  {
    name: 'container port 0',
    input: { services: [web({ ports: [{ container: 0 }] })] },
    paths: [s(0, 'ports', 0, 'container')],
  },
  {
    name: 'container port 65536',
    input: { services: [web({ ports: [{ container: 65536 }] })] },
    paths: [s(0, 'ports', 0, 'container')],
  },
  {
    name: 'negative host port',
    input: { services: [web({ ports: [{ container: 80, host: -1 }] })] },
    paths: [s(0, 'ports', 0, 'host')],
  },
  {
    name: 'host port 70000',
    input: { services: [web({ ports: [{ container: 80, host: 70000 }] })] },
    paths: [s(0, 'ports', 0, 'host')],
  },
  {
    name: 'the same host port on two services',
    input: {
      services: [web({ ports: [{ container: 80, host: 18080 }] }), side({ ports: [{ container: 81, host: 18080 }] })],
    },
    paths: [s(1, 'ports', 0, 'host')],
  },
  {
    name: 'the same container port twice in one service',
    input: { services: [web({ ports: [{ container: 80 }, { container: 80 }] })] },
    paths: [s(0, 'ports', 1, 'container')],
  },
  {
    name: 'cpuMillis 0',
    input: { services: [web({ resources: { cpuMillis: 0 } })] },
    paths: [s(0, 'resources', 'cpuMillis')],
  },
  {
    name: 'memoryMb 1',
    input: { services: [web({ resources: { memoryMb: 1 } })] },
    paths: [s(0, 'resources', 'memoryMb')],
  },
  {
    name: 'replicas 0',
    input: { services: [web({ resources: { replicas: 0 } })] },
    paths: [s(0, 'resources', 'replicas')],
  },
  {
    name: 'replicas 1000',
    input: { services: [web({ resources: { replicas: 1000 } })] },
    paths: [s(0, 'resources', 'replicas')],
  },
  {
    name: 'negative diskMb and absurd cpuMillis together',
    input: { services: [web({ resources: { diskMb: -5, cpuMillis: 2_000_000_000 } })] },
    paths: [s(0, 'resources', 'cpuMillis'), s(0, 'resources', 'diskMb')],
  },
  {
    name: 'env name starting with a digit',
    input: { services: [web({ env: [{ name: '1ABC', value: 'x' }] })] },
    paths: [s(0, 'env', 0, 'name')],
  },
  {
    name: 'env name with "-" and an empty one',
    input: {
      services: [
        web({
          env: [
            { name: 'OK', value: '' },
            { name: 'A-B', value: 'x' },
            { name: '', value: 'x' },
          ],
        }),
      ],
    },
    paths: [s(0, 'env', 1, 'name'), s(0, 'env', 2, 'name')],
  },
  {
    name: 'relative mount path',
    input: { services: [web({ volumes: [{ name: 'data', mountPath: 'var/data' }] })] },
    paths: [s(0, 'volumes', 0, 'mountPath')],
  },
  {
    name: 'mount path escaping with ".."',
    input: { services: [web({ volumes: [{ name: 'data', mountPath: '/var/../../etc' }] })] },
    paths: [s(0, 'volumes', 0, 'mountPath')],
  },
  { name: 'image with spaces', input: { services: [web({ image: 'not an image' })] }, paths: [s(0, 'image')] },
  { name: 'image in capitals', input: { services: [web({ image: 'Team/Web:1' })] }, paths: [s(0, 'image')] },
  { name: 'empty image', input: { services: [web({ image: '' })] }, paths: [s(0, 'image')] },
  {
    name: 'image with an empty path component',
    input: { services: [web({ image: 'team//web' })] },
    paths: [s(0, 'image')],
  },
  { name: 'image with a bad digest', input: { services: [web({ image: 'web@sha256:xyz' })] }, paths: [s(0, 'image')] },
  {
    name: 'unknown provider',
    input: { provider: 'no-such-provider', services: [web()] },
    paths: [['input', 'provider']],
  },
  { name: 'NUL in the instance name', input: { name: 'we\u0000b', services: [web()] }, paths: [['input', 'name']] },
  {
    name: 'an unpaired surrogate in an env value and an annotation (jsonb refuses it)',
    input: {
      services: [web({ env: [{ name: 'A', value: '\ud800' }], annotations: [{ key: 'k', value: 'x\udc00' }] })],
    },
    paths: [s(0, 'annotations', 0, 'value'), s(0, 'env', 0, 'value')],
  },
  {
    name: 'NUL in an env value and in a command argument',
    input: { services: [web({ env: [{ name: 'A', value: 'x\u0000y' }], command: ['sh', '\u0000'] })] },
    // Fields are checked in the order the input object holds them (the schema's, alphabetical).
    paths: [s(0, 'command', 1), s(0, 'env', 0, 'value')],
  },
];

const paths = (r: { __typename: string; fieldErrors?: { path: string[] }[] }) => r.fieldErrors?.map((f) => f.path);

describe('bad input is a ValidationError naming the field, with no provider call and nothing written', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  const fake = new FakeProvider();
  const providerKey = `fake-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(providerKey, fake);
    t = await startTestApp({ registry, executor: { pollMs: 100 } });
    tenant = await t.newTenant();
    other = await t.newTenant();
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** Runs `fn` and checks the tenant's rows and the provider's calls did not change. */
  async function unchanged<T>(fn: () => Promise<T>): Promise<T> {
    const before = await tenantRowCounts(t.database.db, tenant.tenantId);
    const calls = fake.calls.length;
    const result = await fn();
    // Give a wrongly queued operation the chance to reach the provider before looking.
    await new Promise((r) => setTimeout(r, 30));
    expect(await tenantRowCounts(t.database.db, tenant.tenantId)).toEqual(before);
    expect(fake.calls.slice(calls)).toEqual([]);
    return result;
  }

  it.each(CASES)('provision: $name', async ({ input, paths: expected }) => {
    const r = await unchanged(() =>
      execute(t.url, tenant.token, Provision, {
        input: { name: `ok-${randomUUID().slice(0, 8)}`, provider: providerKey, ...input },
      }),
    );
    expect(r.status).toBe(200);
    expect(r.errors).toBeUndefined();
    const result = r.data!.provisionInstance;
    expect(result.__typename).toBe('ValidationError');
    expect(paths(result as never)).toEqual(expected);
  });

  it('provision: a name already used by a live instance of the tenant', async () => {
    const name = `dup-${randomUUID().slice(0, 8)}`;
    const first = await query(t.url, tenant.token, Provision, {
      input: { name, provider: providerKey, services: [web()], wait: true },
    });
    expect(first.provisionInstance.__typename).toBe('ProvisionInstancePayload');
    const again = await unchanged(() =>
      query(t.url, tenant.token, Provision, { input: { name, provider: providerKey, services: [web()] } }),
    );
    expect(again.provisionInstance.__typename).toBe('ValidationError');
    expect(paths(again.provisionInstance as never)).toEqual([['input', 'name']]);
    // Another tenant may use the same name.
    const theirs = await query(t.url, other.token, Provision, {
      input: { name, provider: providerKey, services: [web()] },
    });
    expect(theirs.provisionInstance.__typename).toBe('ProvisionInstancePayload');
  });

  describe('on an existing instance', () => {
    let instanceId: string;
    let siblingReleaseId: string;
    let foreignReleaseId: string;

    beforeAll(async () => {
      const provision = async (token: string) => {
        const r = await query(t.url, token, Provision, {
          input: { name: `on-${randomUUID().slice(0, 8)}`, provider: providerKey, services: [web()], wait: true },
        });
        if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
        expect(r.provisionInstance.operation.status).toBe('SUCCEEDED');
        return { id: r.provisionInstance.instance.id, releaseId: r.provisionInstance.instance.currentRelease!.id };
      };
      instanceId = (await provision(tenant.token)).id;
      siblingReleaseId = (await provision(tenant.token)).releaseId;
      foreignReleaseId = (await provision(other.token)).releaseId;
    });

    it('rollback to a release of another instance of the tenant is refused on input.releaseId', async () => {
      const r = await unchanged(() =>
        query(t.url, tenant.token, Rollback, { input: { instanceId, releaseId: siblingReleaseId } }),
      );
      expect(r.rollbackInstance.__typename).toBe('ValidationError');
      expect(paths(r.rollbackInstance as never)).toEqual([['input', 'releaseId']]);
    });

    it("rollback to another tenant's release is refused the same way", async () => {
      const r = await unchanged(() =>
        query(t.url, tenant.token, Rollback, { input: { instanceId, releaseId: foreignReleaseId } }),
      );
      expect(r.rollbackInstance.__typename).toBe('ValidationError');
      expect(paths(r.rollbackInstance as never)).toEqual([['input', 'releaseId']]);
      // Not even its existence shows: the message is the one a made-up id gets.
      const madeUp = await query(t.url, tenant.token, Rollback, {
        input: { instanceId, releaseId: Buffer.from(`Release:${randomUUID()}`).toString('base64') },
      });
      expect(madeUp.rollbackInstance).toEqual(r.rollbackInstance);
      const notAnId = await query(t.url, tenant.token, Rollback, { input: { instanceId, releaseId: 'nope' } });
      expect(notAnId.rollbackInstance).toEqual(r.rollbackInstance);
    });

    it('deploy: malformed image, unknown service, bad env name and port, NUL', async () => {
      const r = await unchanged(() =>
        query(t.url, tenant.token, Deploy, {
          input: {
            instanceId,
            services: [
              { name: 'web', image: 'BAD IMAGE', env: [{ name: '9X', value: '' }], ports: [{ container: 0 }] },
              { name: 'web', image: IMAGE },
            ],
          },
        }),
      );
      expect(r.deployInstance.__typename).toBe('ValidationError');
      expect(paths(r.deployInstance as never)).toEqual([
        s(0, 'image'),
        s(0, 'env', 0, 'name'),
        s(0, 'ports', 0, 'container'),
        s(1, 'name'),
      ]);
      const unknown = await unchanged(() =>
        query(t.url, tenant.token, Deploy, { input: { instanceId, services: [{ name: 'db', image: IMAGE }] } }),
      );
      expect(paths(unknown.deployInstance as never)).toEqual([s(0, 'name')]);
      const nul = await unchanged(() =>
        query(t.url, tenant.token, Deploy, {
          input: { instanceId, services: [{ name: 'web', image: IMAGE, args: ['a\u0000'] }] },
        }),
      );
      expect(paths(nul.deployInstance as never)).toEqual([s(0, 'args', 0)]);
      const none = await unchanged(() => query(t.url, tenant.token, Deploy, { input: { instanceId, services: [] } }));
      expect(paths(none.deployInstance as never)).toEqual([['input', 'services']]);
    });

    it('scale: replicas 1000, memoryMb 1, cpuMillis 0, nothing to change, unknown service, NUL in gpu', async () => {
      const check = async (input: Record<string, unknown>, expected: string[][]) => {
        const r = await unchanged(() =>
          query(t.url, tenant.token, Scale, { input: { instanceId, ...input } as never }),
        );
        expect(r.scaleInstance.__typename).toBe('ValidationError');
        expect(paths(r.scaleInstance as never)).toEqual(expected);
      };
      await check({ resources: { replicas: 1000 } }, [['input', 'resources', 'replicas']]);
      await check({ resources: { replicas: -1, memoryMb: 1, cpuMillis: 0 } }, [
        ['input', 'resources', 'cpuMillis'],
        ['input', 'resources', 'memoryMb'],
        ['input', 'resources', 'replicas'],
      ]);
      await check({ resources: {} }, [['input', 'resources']]);
      await check({ service: 'db', resources: { replicas: 2 } }, [['input', 'service']]);
      await check({ resources: { gpu: 'nvidia\u0000' } }, [['input', 'resources', 'gpu']]);
      await check({ idempotencyKey: 'k\u0000', resources: { replicas: 2 } }, [['input', 'idempotencyKey']]);
    });

    it('exec: empty command, NUL, timeout out of range, unknown service', async () => {
      const check = async (input: Record<string, unknown>, expected: string[][]) => {
        const r = await unchanged(() => query(t.url, tenant.token, Exec, { input: { instanceId, ...input } as never }));
        expect(r.execInstance.__typename).toBe('ValidationError');
        expect(paths(r.execInstance as never)).toEqual(expected);
      };
      await check({ command: [] }, [['input', 'command']]);
      await check({ command: ['echo', 'a\u0000b'] }, [['input', 'command', '1']]);
      await check({ command: ['true'], timeoutSeconds: 0 }, [['input', 'timeoutSeconds']]);
      await check({ command: ['true'], timeoutSeconds: 301 }, [['input', 'timeoutSeconds']]);
      await check({ command: ['true'], service: 'db' }, [['input', 'service']]);
      expect(fake.callsFor(localIdOf(instanceId), 'exec')).toEqual([]);
    });
  });
});
