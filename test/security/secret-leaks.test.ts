/**
 * A secret reaches its workload and nothing else. A recognisable value is put
 * in the vault (and another as a config file's content), a real container on
 * the Docker Engine gets them (proved with exec), and then every place a value
 * could leak is searched for them: every GraphQL response of the run, every
 * text/json column of every table, the server's log (the real logger, its
 * redaction included, at trace level) and the engine's names and labels.
 */
import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import Dockerode from 'dockerode';
import { print } from 'graphql';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.js';
import { type TestApp, type TestTenant, wsClient } from '../support/app.js';
import { dockerOrSkip, dockerRegistry } from '../support/docker-app.js';
import { dockerLeftovers, ensureTestImages, TEST_IMAGES } from '../support/docker-images.js';
import { canary, RawClient, startLoggedApp } from '../support/seed.js';

const PutSecret = graphql(`
  mutation LeakPutSecret($input: PutSecretInput!) {
    putSecret(input: $input) { __typename ... on PutSecretPayload { secret { key version } } ... on Error { message } }
  }
`);

const Provision = graphql(`
  mutation LeakProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload {
        instance { id state ready message services { name env { name value } secrets { key envName } configFiles { name path } } }
        operation { id status readinessOutcome error { code message } steps { name status message } }
      }
      ... on Error { message }
    }
  }
`);

const Deploy = graphql(`
  mutation LeakDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) {
      __typename
      ... on DeployInstancePayload { operation { status readinessOutcome error { code message } steps { message } } }
      ... on Error { message }
    }
  }
`);

const Exec = graphql(`
  mutation LeakExec($input: ExecInstanceInput!) {
    execInstance(input: $input) { __typename ... on ExecInstancePayload { exitCode stdout stderr } ... on Error { message } }
  }
`);

const Deprovision = graphql(`
  mutation LeakDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { status } } ... on Error { message } }
  }
`);

const Everything = graphql(`
  query LeakEverything($id: ID!) {
    instance(id: $id) {
      id name state ready message providerRef labels { key value }
      services {
        name image env { name value } secrets { key envName } configFiles { name path format }
        command args status { state ready message providerRef }
      }
      currentRelease { version snapshots { name image env { name value } command args } }
      releases(first: 20) { edges { node { version snapshots { name image env { name value } command args } } } }
      operations(first: 20) { edges { node { kind status error { code message } steps { name status message } } } }
      events(first: 100) { edges { node { type message data fromState toState } } }
    }
    events(first: 100) { edges { node { type message data } } }
    services(first: 100) { edges { node { name env { name value } secrets { key } configFiles { path } } } }
    secrets(first: 100) { edges { node { key version } } }
  }
`);

const skip = !(await dockerOrSkip());

describe.skipIf(skip)('a secret reaches its container and nowhere else (real Docker)', () => {
  let t: TestApp & { logLines: string[] };
  let tenant: TestTenant;
  let client: RawClient;
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const envCanary = canary('wh-canary-env');
  const fileCanary = canary('wh-canary-file');
  const secretKey = `db/password-${randomUUID().slice(0, 8)}`;
  /** Bodies that legitimately carry a value: the workload's own exec output. */
  const execBodies = new Set<string>();
  const instances: string[] = [];
  /** Every event the tenant's live feed delivered over graphql-ws during the run. */
  const streamed: unknown[] = [];
  let stopStream: () => void = () => {};

  /** Runs a typed operation through the collecting client (fails on any GraphQL error). */
  async function run<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables: TVariables,
  ): Promise<TResult> {
    return client.data<TResult>(tenant.token, print(document), variables as Record<string, unknown>);
  }

  beforeAll(async () => {
    await ensureTestImages(docker);
    t = await startLoggedApp({ registry: dockerRegistry() });
    tenant = await t.newTenant();
    client = new RawClient(t.url);
    const ws = wsClient(t.wsUrl, tenant.token);
    const dispose = ws.subscribe(
      { query: 'subscription { events(after: "0") { type message data fromState toState } }' },
      { next: (e) => streamed.push(e), error: (e) => streamed.push({ error: String(e) }), complete: () => {} },
    );
    stopStream = () => {
      dispose();
      void ws.dispose();
    };
  });
  afterAll(async () => {
    stopStream();
    for (const id of instances) {
      await run(Deprovision, { input: { instanceId: id, wait: true } }).catch(() => undefined);
    }
    await t?.stop();
  });

  it('materialises the secret and the config file in the container, and leaves them nowhere else', async () => {
    const put = await run(PutSecret, { input: { key: secretKey, value: envCanary } });
    expect(put.putSecret.__typename).toBe('PutSecretPayload');

    const provisioned = await run(Provision, {
      input: {
        name: `leak-${randomUUID().slice(0, 8)}`,
        wait: true,
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [
          {
            name: 'app',
            image: TEST_IMAGES.tool,
            env: [{ name: 'PLAIN', value: 'visible' }],
            secrets: [{ key: secretKey, envName: 'CANARY' }],
            configFiles: [{ name: 'app-conf', path: '/etc/wh/app.conf', content: fileCanary }],
          },
        ],
      },
    });
    const p = provisioned.provisionInstance;
    if (p.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    instances.push(p.instance.id);
    expect(p.operation).toMatchObject({ status: 'SUCCEEDED', readinessOutcome: 'READY' });
    expect(p.instance.services[0]?.secrets).toEqual([{ key: secretKey, envName: 'CANARY' }]);

    const exec = async (command: string[]) => {
      const before = client.bodies.length;
      const r = await run(Exec, { input: { instanceId: p.instance.id, command } });
      for (const body of client.bodies.slice(before)) execBodies.add(body);
      if (r.execInstance.__typename !== 'ExecInstancePayload') throw new Error(JSON.stringify(r));
      return r.execInstance;
    };
    expect((await exec(['env'])).stdout).toContain(`CANARY=${envCanary}`);
    expect((await exec(['cat', '/etc/wh/app.conf'])).stdout).toBe(fileCanary);

    // A deploy replaces the container: the new one gets the values again.
    const deployed = await run(Deploy, {
      input: {
        instanceId: p.instance.id,
        wait: true,
        services: [{ name: 'app', image: TEST_IMAGES.tool, env: [{ name: 'PLAIN', value: 'changed' }] }],
      },
    });
    expect(deployed.deployInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
    const env = (await exec(['env'])).stdout;
    expect(env).toContain(`CANARY=${envCanary}`);
    expect(env).toContain('PLAIN=changed');
    expect((await exec(['cat', '/etc/wh/app.conf'])).stdout).toBe(fileCanary);

    await run(Everything, { id: p.instance.id });
    await expectNowhere(p.instance.id);
  });

  /** Provisions a service that prints something of its own and exits; returns its global id once FAILED. */
  async function failingWorkload(script: string): Promise<{ id: string; message: string }> {
    const r = await run(Provision, {
      input: {
        name: `leak-fail-${randomUUID().slice(0, 8)}`,
        wait: true,
        // The workload exits at once, so the operation fails as soon as that is seen; the timeout only
        // bounds a loaded machine (6 s was short enough to end some runs on "not ready" first).
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [
          {
            name: 'app',
            image: TEST_IMAGES.tool,
            command: ['sh', '-c', `${script}; exit 3`],
            secrets: [{ key: secretKey, envName: 'CANARY' }],
            configFiles: [{ name: 'app-conf', path: '/etc/wh/app.conf', content: fileCanary }],
          },
        ],
      },
    });
    const p = r.provisionInstance;
    if (p.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    instances.push(p.instance.id);
    expect(p.operation.status).toBe('FAILED');
    const seen = await run(Everything, { id: p.instance.id });
    return { id: p.instance.id, message: seen.instance?.message ?? '' };
  }

  it('keeps a secret out of a failing workload’s messages, even when it prints it', async () => {
    const failed = await failingWorkload('echo "token is $CANARY" >&2');
    // The printed line did reach the message (so the search below means something), without the value.
    expect(failed.message).toContain('token is ***');
    await expectNowhere(failed.id);
  });

  // The provider redacts secret env values from a dying container's last lines; the executor also masks
  // every value it materialised (config file contents included) before it records any message.
  it('keeps a config file’s content out of a failing workload’s messages, even when it prints it', async () => {
    const failed = await failingWorkload('echo "config is $(cat /etc/wh/app.conf)" >&2');
    // The printed line did reach the message, its value masked (so the search below means something).
    expect(failed.message).toContain('config is ***');
    await expectNowhere(failed.id);
  });

  /** Searches every response, every column, the log and the engine for either canary. */
  async function expectNowhere(instanceGlobalId: string): Promise<void> {
    const needles = [envCanary, fileCanary].flatMap((c) => [
      c,
      Buffer.from(c).toString('base64'),
      Buffer.from(c).toString('base64url'),
      Buffer.from(c).toString('hex'),
    ]);
    const found = (text: string) => needles.filter((n) => text.includes(n));

    // Every GraphQL response of the run, but the workload's own exec output.
    const responses = client.bodies.filter((b) => !execBodies.has(b));
    expect(responses.length).toBeGreaterThan(3);
    for (const body of responses) expect(found(body), body.slice(0, 500)).toEqual([]);
    // And the tenant's live event feed over graphql-ws.
    expect(streamed.length).toBeGreaterThan(3);
    expect(found(JSON.stringify(streamed))).toEqual([]);

    // Every text-like column of every table, in clear or encoded.
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and (data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'bytea') or udt_name in ('text', 'jsonb', 'json'))
      order by table_name, column_name`.execute(t.database.db);
    const tables = new Set(columns.rows.map((c) => c.table_name));
    for (const table of ['events', 'releases', 'operations', 'instances', 'secrets']) expect(tables).toContain(table);
    for (const { table_name, column_name } of columns.rows) {
      for (const needle of needles) {
        const hits = await sql<{ n: number }>`
          select count(*)::int as n from ${sql.table(table_name)}
          where position(${needle} in ${sql.ref(column_name)}::text) > 0`.execute(t.database.db);
        expect(hits.rows[0]?.n, `${table_name}.${column_name} holds a secret value`).toBe(0);
      }
    }

    // The server's log, at trace level.
    expect(t.logLines.length).toBeGreaterThan(0);
    expect(found(t.logLines.join('\n'))).toEqual([]);

    // The engine's names and labels (the environment is where the value is meant to be).
    const instanceId = Buffer.from(instanceGlobalId, 'base64').toString('utf8').split(':')[1]!;
    const filters = { label: [`wheelhouse.instance=${instanceId}`] };
    const containers = await docker.listContainers({ all: true, filters });
    expect(containers.length).toBeGreaterThan(0);
    for (const c of containers) {
      const info = await docker.getContainer(c.Id).inspect();
      expect(
        found(
          JSON.stringify({ name: info.Name, labels: info.Config.Labels, cmd: info.Config.Cmd, mounts: info.Mounts }),
        ),
        info.Name,
      ).toEqual([]);
    }
    const networks = await docker.listNetworks({ filters });
    const volumes = (await docker.listVolumes({ filters })).Volumes ?? [];
    expect(found(JSON.stringify({ networks, volumes }))).toEqual([]);
  }

  it('leaves nothing on the engine after deprovisioning', async () => {
    for (const id of instances.splice(0)) {
      const r = await run(Deprovision, { input: { instanceId: id, wait: true } });
      expect(r.deprovisionInstance).toMatchObject({ operation: { status: 'SUCCEEDED' } });
      const local = Buffer.from(id, 'base64').toString('utf8').split(':')[1]!;
      expect(await dockerLeftovers(docker, local)).toEqual([]);
      // The control plane's copy of the config file is gone with it.
      const kept = await t.database.db
        .selectFrom('secrets')
        .select('key')
        .where('tenant_id', '=', tenant.tenantId)
        .where('key', 'like', `_config/${local}/%`)
        .execute();
      expect(kept).toEqual([]);
    }
  });
});
