/**
 * The LOGS scope: reading logs without the shell EXEC gives. A READ+LOGS token
 * reads an instance's logs (both subscriptions) and is refused exec; a READ
 * token is refused logs with a message naming LOGS and EXEC; an EXEC token
 * (minted before LOGS existed) still reads them. Granting follows "never wider
 * than the creator": LOGS from a token holding LOGS or EXEC, nothing else.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, type Scope, Scopes } from '../../src/control/scopes.js';
import { hashToken } from '../../src/control/tokens.js';
import { type TestApp, wsClient } from '../support/app.js';
import {
  localOf,
  RawClient,
  type SeededInstance,
  type SeededTenant,
  type SeedProvider,
  seedInstance,
  seedTenant,
  startSeedApp,
} from '../support/seed.js';

const LOGS = 'subscription L($id: ID!) { instanceLogs(instanceId: $id, follow: false) { message service } }';
const CHUNKS =
  'subscription C($id: ID!) { instanceLogChunks(instanceId: $id, follow: false) { lines { message service } } }';
const EXEC = `mutation X($input: ExecInstanceInput!) { execInstance(input: $input) {
  __typename ... on ExecInstancePayload { stdout } ... on ForbiddenError { message requiredScope } } }`;
const CREATE = `mutation T($input: CreateApiTokenInput!) { createApiToken(input: $input) {
  __typename ... on CreateApiTokenPayload { apiToken { scopes } } ... on ForbiddenError { message requiredScope } } }`;

interface Outcome {
  data: unknown[];
  errors: { message: string; extensions?: { code?: string; requiredScope?: string } }[];
  completed: boolean;
}

/** Every result a finite subscription sends until it ends (or fails), over graphql-ws. */
function subscribeAll(t: TestApp, token: string, query: string, id: string): Promise<Outcome> {
  const ws = wsClient(t.wsUrl, token);
  const out: Outcome = { data: [], errors: [], completed: false };
  return new Promise<Outcome>((resolve) => {
    const timer = setTimeout(() => finish(), 20_000);
    const finish = () => {
      clearTimeout(timer);
      void ws.dispose();
      resolve(out);
    };
    ws.subscribe(
      { query, variables: { id } },
      {
        next: (r) => {
          if (r.data) out.data.push(r.data);
          out.errors.push(...((r.errors ?? []) as unknown as Outcome['errors']));
        },
        // graphql-ws may deliver a refused subscribe as an error list instead of a result.
        error: (e) => {
          out.errors.push(...(Array.isArray(e) ? e : [{ message: String(e) }]));
          finish();
        },
        complete: () => {
          out.completed = true;
          finish();
        },
      },
    );
  });
}

describe('the LOGS scope', () => {
  let t: TestApp;
  let provider: SeedProvider;
  let client: RawClient;
  let tenant: SeededTenant;
  let instance: SeededInstance;

  beforeAll(async () => {
    ({ t, provider } = await startSeedApp());
    client = new RawClient(t.url);
    tenant = await seedTenant(t);
    instance = await seedInstance(client, tenant.token, {
      name: `logs-${randomUUID().slice(0, 8)}`,
      provider: 'seed',
      services: [{ name: 'main', image: 'registry.example.com/logs/web:1' }],
    });
  });

  afterAll(async () => {
    await t?.stop();
  });

  it('a READ+LOGS token reads the logs (lines and chunks) and its exec is refused naming EXEC', async () => {
    const token = await t.newToken(tenant.tenantId, [Scopes.read, Scopes.logs]);
    const line = `log of ${localOf(instance.id)}`;

    const lines = await subscribeAll(t, token, LOGS, instance.id);
    expect(lines.errors).toEqual([]);
    expect(lines.completed).toBe(true);
    expect(lines.data).toEqual([{ instanceLogs: { message: line, service: 'main' } }]);

    const chunks = await subscribeAll(t, token, CHUNKS, instance.id);
    expect(chunks.errors).toEqual([]);
    expect(chunks.data).toEqual([{ instanceLogChunks: { lines: [{ message: line, service: 'main' }] } }]);

    const execsBefore = provider.calls.filter((c) => c.method === 'exec').length;
    const exec = await client.data<{ execInstance: unknown }>(token, EXEC, {
      input: { instanceId: instance.id, command: ['sh', '-c', 'id'] },
    });
    expect(exec.execInstance).toEqual({
      __typename: 'ForbiddenError',
      message: 'this needs the EXEC scope',
      requiredScope: 'EXEC',
    });
    // Refused before the provider: no command ran.
    expect(provider.calls.filter((c) => c.method === 'exec').length).toBe(execsBefore);
  });

  it('a READ token is refused both log subscriptions, told LOGS (or EXEC) would do', async () => {
    const token = await t.newToken(tenant.tenantId, [Scopes.read]);
    for (const query of [LOGS, CHUNKS]) {
      const r = await subscribeAll(t, token, query, instance.id);
      expect(r.data).toEqual([]);
      expect(r.errors.map((e) => [e.extensions?.code, e.message])).toEqual([
        ['FORBIDDEN', 'this needs one of the LOGS, EXEC scopes'],
      ]);
    }
  });

  it('an EXEC token without LOGS (as minted before LOGS existed) still reads the logs', async () => {
    const token = await t.newToken(tenant.tenantId, [Scopes.read, Scopes.exec]);
    const r = await subscribeAll(t, token, LOGS, instance.id);
    expect(r.errors).toEqual([]);
    expect(r.data).toEqual([{ instanceLogs: { message: `log of ${localOf(instance.id)}`, service: 'main' } }]);
  });

  it('LOGS is granted by a token holding LOGS or EXEC, and LOGS never grants EXEC', async () => {
    const create = async (held: Scope[], scopes: string[]) =>
      (
        await client.data<{ createApiToken: unknown }>(await t.newToken(tenant.tenantId, held), CREATE, {
          input: { name: `logs-${randomUUID().slice(0, 8)}`, scopes },
        })
      ).createApiToken;

    expect(await create([Scopes.admin, Scopes.read], ['READ', 'LOGS'])).toEqual({
      __typename: 'ForbiddenError',
      message: 'cannot grant logs: the calling token does not hold it',
      requiredScope: 'LOGS',
    });
    expect(await create([Scopes.admin, Scopes.read, Scopes.logs], ['READ', 'LOGS'])).toEqual({
      __typename: 'CreateApiTokenPayload',
      apiToken: { scopes: ['READ', 'LOGS'] },
    });
    // EXEC reads logs, so granting LOGS gives nothing the creator lacks.
    expect(await create([Scopes.admin, Scopes.exec], ['LOGS'])).toEqual({
      __typename: 'CreateApiTokenPayload',
      apiToken: { scopes: ['LOGS'] },
    });
    expect(await create([Scopes.admin, Scopes.logs], ['EXEC'])).toMatchObject({
      __typename: 'ForbiddenError',
      requiredScope: 'EXEC',
    });
  });

  it('the bootstrap token holds LOGS, and one made before LOGS existed gains it on the next start', async () => {
    const secret = `whk_test_${randomUUID()}`;
    const before = ALL_SCOPES.filter((s) => s !== Scopes.logs);
    // As an older version stored it, then as a start of this version ensures it.
    await t.app.services.tokens.ensureToken(tenant.tenantId, 'bootstrap', secret, before);
    await t.app.services.tokens.ensureToken(tenant.tenantId, 'bootstrap', secret);
    const viewer = await client.data<{ viewer: { scopes: string[] } }>(secret, '{ viewer { scopes } }');
    // Its scopes kept in order, LOGS added after them.
    expect(viewer.viewer.scopes).toEqual([
      'READ',
      'DEPLOY',
      'EXEC',
      'SECRETS_WRITE',
      'ADMIN',
      'SYSTEM',
      'AUDIT',
      'LOGS',
    ]);
    // Updated in place, not a second token.
    const rows = await t.database.db
      .selectFrom('api_tokens')
      .select(['id'])
      .where('token_hash', '=', hashToken(secret))
      .execute();
    expect(rows).toHaveLength(1);
  });
});
