/**
 * The scope matrix: every root Mutation and Subscription field, called by a
 * token holding every scope EXCEPT the one(s) the field declares, is refused
 * (the typed ForbiddenError member for a mutation, a FORBIDDEN error for a
 * subscription), writes nothing and calls no provider.
 *
 * Each row states the scope(s) the API promises a field needs; the refused
 * token holds every other scope. The built schema is read twice: every root
 * field must have a row (a new field cannot land untested), and what a field
 * declares (Pothos keeps `authScopes` in `extensions.pothosOptions`) must be
 * exactly its row's promise. So loosening a declaration in src/schema (say
 * deployInstance to READ) makes the declaration check red AND lets the refused
 * token through, making the matrix red. The inputs are VALID (they would
 * succeed with the right scope), so only the scope check can refuse them.
 */
import { randomUUID } from 'node:crypto';
import type { GraphQLField, GraphQLObjectType } from 'graphql';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, type Scope, Scopes } from '../../src/control/scopes.js';
import { Registry } from '../../src/providers/registry.js';
import { buildSchema } from '../../src/schema/index.js';
import { startTestApp, type TestApp, tenantRowCounts, wsClient } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';
import { RawClient, type SeededInstance, type SeededTenant, seedInstance, seedTenant } from '../support/seed.js';

const schema = buildSchema();

/** The AuthScopes keys of the builder (src/schema/builder.ts), mapped to token scopes. */
const SCOPE_OF_KEY: Record<string, Scope> = {
  read: Scopes.read,
  deploy: Scopes.deploy,
  exec: Scopes.exec,
  logs: Scopes.logs,
  secretsWrite: Scopes.secretsWrite,
  admin: Scopes.admin,
  system: Scopes.system,
  audit: Scopes.audit,
};

/**
 * Every token scope that satisfies a field's declared `authScopes`. Pothos
 * treats the keys of one object as "any of" (and `$any`/`$all` nest), so a
 * token is refused only without ALL of them; a function cannot be read and
 * fails the test (give the field a static declaration or a row of its own).
 */
function scopesSatisfying(authScopes: unknown, field: string): Scope[] {
  if (typeof authScopes !== 'object' || authScopes === null) {
    throw new Error(`${field}: authScopes is not a static object (${typeof authScopes}); the matrix cannot read it`);
  }
  const out = new Set<Scope>();
  for (const [key, value] of Object.entries(authScopes)) {
    if (key === '$any' || key === '$all') {
      for (const s of scopesSatisfying(value, field)) out.add(s);
      continue;
    }
    const scope = SCOPE_OF_KEY[key];
    if (!scope) throw new Error(`${field}: unknown auth scope key ${key}`);
    if (value === true) out.add(scope);
  }
  if (out.size === 0) throw new Error(`${field}: declares no scope`);
  return [...out].sort();
}

function rootFields(type: GraphQLObjectType | null | undefined): GraphQLField<unknown, unknown>[] {
  return type ? Object.values(type.getFields()) : [];
}

function declaredScopes(field: GraphQLField<unknown, unknown>): Scope[] {
  const options = field.extensions.pothosOptions as { authScopes?: unknown } | undefined;
  return scopesSatisfying(options?.authScopes, field.name);
}

/** The API's name of a scope (READ, SECRETS_WRITE, …). */
const apiScope = (s: Scope) => s.toUpperCase().replace(':', '_');

/** The handles a row points at: all valid, so only the scope check can refuse. */
interface Handles {
  providerKey: string;
  /** An idle, running instance with releases v1 and v2. */
  instance: SeededInstance;
  /** v1 of `instance` (rollback target). */
  firstRelease: string;
  /** A RUNNING operation (its provider call is slow) on another instance. */
  runningOperation: string;
  /** A token of the tenant other than the caller's, not revoked. */
  otherToken: string;
  /** A secret the tenant has. */
  secretKey: string;
}

interface Row {
  /** The scopes the API promises this field needs (any one of them suffices); the refused token has every other. */
  needs: Scope[];
  /** The operation text; `$input` (or the listed variables) come from `variables`. */
  query: string;
  variables: (h: Handles) => Record<string, unknown>;
}

const mutationRow = (
  field: string,
  needs: Scope[],
  inputType: string,
  input: (h: Handles) => Record<string, unknown>,
): Row => ({
  needs,
  query: `mutation M($input: ${inputType}!) { ${field}(input: $input) { __typename ... on ForbiddenError { message requiredScope } } }`,
  variables: (h) => ({ input: input(h) }),
});

const image = (tag: string) => `registry.example.com/matrix/web:${tag}`;

const MUTATIONS: Record<string, Row> = {
  provisionInstance: mutationRow('provisionInstance', [Scopes.deploy], 'ProvisionInstanceInput', (h) => ({
    name: `matrix-${randomUUID().slice(0, 8)}`,
    provider: h.providerKey,
    services: [{ name: 'main', image: image('1') }],
  })),
  deployInstance: mutationRow('deployInstance', [Scopes.deploy], 'DeployInstanceInput', (h) => ({
    instanceId: h.instance.id,
    services: [{ name: 'main', image: image('3') }],
  })),
  buildService: mutationRow('buildService', [Scopes.deploy], 'BuildServiceInput', (h) => ({
    instanceId: h.instance.id,
    service: 'main',
    deploy: false,
    build: { source: { git: { url: 'https://git.example.com/app.git' } } },
  })),
  runJob: mutationRow('runJob', [Scopes.exec], 'RunJobInput', (h) => ({
    instanceId: h.instance.id,
    service: 'main',
    command: ['true'],
  })),
  createSchedule: mutationRow('createSchedule', [Scopes.deploy], 'CreateScheduleInput', (h) => ({
    instanceId: h.instance.id,
    schedule: { name: 'nightly', service: 'main', command: ['true'], cron: '30 2 * * *' },
  })),
  // A refused update or delete never reads the schedule: any id is as good.
  updateSchedule: mutationRow('updateSchedule', [Scopes.deploy], 'UpdateScheduleInput', () => ({
    id: someId('Schedule'),
    suspended: true,
  })),
  deleteSchedule: mutationRow('deleteSchedule', [Scopes.deploy], 'DeleteScheduleInput', () => ({
    id: someId('Schedule'),
  })),
  backupVolume: mutationRow('backupVolume', [Scopes.deploy], 'BackupVolumeInput', (h) => ({
    instanceId: h.instance.id,
    volume: 'data',
    consistency: 'LIVE',
  })),
  // A refused restore or delete never reads the backup: any id is as good.
  restoreVolume: mutationRow('restoreVolume', [Scopes.deploy], 'RestoreVolumeInput', () => ({
    backupId: someId('VolumeBackup'),
  })),
  deleteVolumeBackup: mutationRow('deleteVolumeBackup', [Scopes.deploy], 'DeleteVolumeBackupInput', () => ({
    id: someId('VolumeBackup'),
  })),
  scaleInstance: mutationRow('scaleInstance', [Scopes.deploy], 'ScaleInstanceInput', (h) => ({
    instanceId: h.instance.id,
    service: 'main',
    resources: { replicas: 2 },
  })),
  rollbackInstance: mutationRow('rollbackInstance', [Scopes.deploy], 'RollbackInstanceInput', (h) => ({
    instanceId: h.instance.id,
    releaseId: h.firstRelease,
  })),
  startInstance: mutationRow('startInstance', [Scopes.deploy], 'InstanceActionInput', (h) => ({
    instanceId: h.instance.id,
  })),
  stopInstance: mutationRow('stopInstance', [Scopes.deploy], 'InstanceActionInput', (h) => ({
    instanceId: h.instance.id,
  })),
  restartInstance: mutationRow('restartInstance', [Scopes.deploy], 'InstanceActionInput', (h) => ({
    instanceId: h.instance.id,
  })),
  deprovisionInstance: mutationRow('deprovisionInstance', [Scopes.deploy], 'InstanceActionInput', (h) => ({
    instanceId: h.instance.id,
  })),
  execInstance: mutationRow('execInstance', [Scopes.exec], 'ExecInstanceInput', (h) => ({
    instanceId: h.instance.id,
    command: ['echo', 'matrix'],
  })),
  cancelOperation: mutationRow('cancelOperation', [Scopes.deploy], 'CancelOperationInput', (h) => ({
    operationId: h.runningOperation,
  })),
  // A refused promote never reads the operation: the running one is as good as any.
  promoteOperation: mutationRow('promoteOperation', [Scopes.deploy], 'PromoteOperationInput', (h) => ({
    operationId: h.runningOperation,
  })),
  createTenant: mutationRow('createTenant', [Scopes.system], 'CreateTenantInput', () => ({
    name: `matrix-${randomUUID().slice(0, 8)}`,
  })),
  createApiToken: mutationRow('createApiToken', [Scopes.admin, Scopes.system], 'CreateApiTokenInput', () => ({
    name: `matrix-${randomUUID().slice(0, 8)}`,
    scopes: ['READ'],
  })),
  revokeApiToken: mutationRow('revokeApiToken', [Scopes.admin, Scopes.system], 'RevokeApiTokenInput', (h) => ({
    id: h.otherToken,
  })),
  putSecret: mutationRow('putSecret', [Scopes.secretsWrite], 'PutSecretInput', () => ({
    key: `matrix-${randomUUID().slice(0, 8)}`,
    value: 'v',
  })),
  deleteSecret: mutationRow('deleteSecret', [Scopes.secretsWrite], 'DeleteSecretInput', (h) => ({ key: h.secretKey })),
  // Routes: a refused call never reads its ids or route, so any well-formed ones do.
  addRoute: mutationRow('addRoute', [Scopes.deploy], 'AddRouteInput', (h) => ({
    instanceId: h.instance.id,
    route: { service: 'web', port: 8080 },
  })),
  removeRoute: mutationRow('removeRoute', [Scopes.deploy], 'RemoveRouteInput', () => ({ routeId: someId('Route') })),
  // Webhooks: a refused call never reads its ids, so any well-formed ones do.
  createTrustPolicy: mutationRow('createTrustPolicy', [Scopes.admin], 'CreateTrustPolicyInput', () => ({
    name: 'ci',
    issuer: 'https://token.actions.githubusercontent.com',
    audience: 'wheelhouse',
    subjectPattern: 'repo:acme/shop:ref:refs/heads/main',
    scopes: ['READ'],
  })),
  // A refused delete never reads the policy: any id is as good.
  deleteTrustPolicy: mutationRow('deleteTrustPolicy', [Scopes.admin], 'DeleteTrustPolicyInput', () => ({
    id: someId('TrustPolicy'),
  })),
  createWebhook: mutationRow('createWebhook', [Scopes.admin], 'CreateWebhookInput', () => ({
    url: 'https://hooks.invalid/matrix',
  })),
  updateWebhook: mutationRow('updateWebhook', [Scopes.admin], 'UpdateWebhookInput', () => ({
    webhookId: someId('Webhook'),
    enabled: false,
  })),
  // Kept volumes: a refused call never reads its id, so any well-formed one does.
  deleteKeptVolume: mutationRow('deleteKeptVolume', [Scopes.deploy], 'DeleteKeptVolumeInput', () => ({
    id: someId('KeptVolume'),
  })),
  deleteWebhook: mutationRow('deleteWebhook', [Scopes.admin], 'DeleteWebhookInput', () => ({
    webhookId: someId('Webhook'),
  })),
  rotateWebhookSecret: mutationRow('rotateWebhookSecret', [Scopes.admin], 'RotateWebhookSecretInput', () => ({
    webhookId: someId('Webhook'),
  })),
  testWebhook: mutationRow('testWebhook', [Scopes.admin], 'TestWebhookInput', () => ({ webhookId: someId('Webhook') })),
  redeliverWebhookDelivery: mutationRow(
    'redeliverWebhookDelivery',
    [Scopes.admin],
    'RedeliverWebhookDeliveryInput',
    () => ({
      deliveryId: someId('WebhookDelivery'),
    }),
  ),
};

/** A well-formed global id of `type` that names nothing. */
function someId(type: string): string {
  return Buffer.from(`${type}:${randomUUID()}`).toString('base64');
}

const queryRow = (
  needs: Scope[],
  query: string,
  variables: (h: Handles) => Record<string, unknown> = () => ({}),
): Row => ({
  needs,
  query,
  variables,
});

/** Root Query fields: a refused read is a FORBIDDEN error and no data (viewer answers any scope, so it has no refused token). */
const QUERIES: Record<string, Row> = {
  viewer: queryRow([...ALL_SCOPES], 'query Q { viewer { scopes } }'),
  node: queryRow([Scopes.read], 'query Q($id: ID!) { node(id: $id) { id } }', (h) => ({ id: h.instance.id })),
  nodes: queryRow([Scopes.read], 'query Q($ids: [ID!]!) { nodes(ids: $ids) { id } }', (h) => ({
    ids: [h.instance.id],
  })),
  providers: queryRow([Scopes.read], 'query Q { providers { key } }'),
  provider: queryRow([Scopes.read], 'query Q($k: String!) { provider(key: $k) { key } }', (h) => ({
    k: h.providerKey,
  })),
  capabilities: queryRow([Scopes.read], 'query Q { capabilities { __typename } }'),
  instances: queryRow([Scopes.read], 'query Q { instances(first: 5) { edges { node { id } } } }'),
  instance: queryRow([Scopes.read], 'query Q($id: ID!) { instance(id: $id) { id } }', (h) => ({ id: h.instance.id })),
  services: queryRow([Scopes.read], 'query Q { services(first: 5) { edges { __typename } } }'),
  releases: queryRow(
    [Scopes.read],
    'query Q($id: ID!) { releases(instanceId: $id) { edges { node { id } } } }',
    (h) => ({
      id: h.instance.id,
    }),
  ),
  operation: queryRow([Scopes.read], 'query Q($id: ID!) { operation(id: $id) { id } }', (h) => ({
    id: h.runningOperation,
  })),
  events: queryRow([Scopes.read], 'query Q { events(first: 5) { edges { node { id } } } }'),
  apiTokens: queryRow([Scopes.admin, Scopes.system], 'query Q { apiTokens(first: 5) { edges { node { id } } } }'),
  secrets: queryRow([Scopes.read], 'query Q { secrets(first: 5) { edges { node { key } } } }'),
  keptVolumes: queryRow([Scopes.read], 'query Q { keptVolumes(first: 5) { edges { node { id } } } }'),
  schedules: queryRow([Scopes.read], 'query Q { schedules(first: 5) { edges { node { id } } } }'),
  tenants: queryRow([Scopes.system], 'query Q { tenants(first: 5) { edges { node { id } } } }'),
  routes: queryRow([Scopes.read], 'query Q { routes(first: 5) { edges { node { id } } } }'),
  // The audit log: AUDIT, or ADMIN (which carries it).
  auditLog: queryRow([Scopes.audit, Scopes.admin], 'query Q { auditLog(first: 5) { edges { node { id action } } } }'),
  verifyAuditLog: queryRow([Scopes.audit, Scopes.admin], 'query Q { verifyAuditLog { valid entries } }'),
  webhooks: queryRow([Scopes.admin], 'query Q { webhooks(first: 5) { edges { node { id } } } }'),
  trustPolicies: queryRow([Scopes.admin], 'query Q { trustPolicies { id } }'),
  webhook: queryRow([Scopes.admin], 'query Q($id: ID!) { webhook(id: $id) { id } }', () => ({ id: someId('Webhook') })),
};

const SUBSCRIPTIONS: Record<string, Row> = {
  events: { needs: [Scopes.read], query: 'subscription S { events(after: "0") { id } }', variables: () => ({}) },
  instanceEvents: {
    needs: [Scopes.read],
    query: 'subscription S($id: ID!) { instanceEvents(instanceId: $id, after: "0") { id } }',
    variables: (h) => ({ id: h.instance.id }),
  },
  buildLogs: {
    needs: [Scopes.read],
    query: 'subscription S($id: ID!) { buildLogs(buildId: $id) { cursor } }',
    variables: () => ({ id: someId('Build') }),
  },
  operationUpdates: {
    needs: [Scopes.read],
    query: 'subscription S($id: ID!) { operationUpdates(operationId: $id) { id status } }',
    variables: (h) => ({ id: h.runningOperation }),
  },
  // LOGS reads logs; EXEC still does too (it did before LOGS existed).
  instanceLogs: {
    needs: [Scopes.logs, Scopes.exec],
    query: 'subscription S($id: ID!) { instanceLogs(instanceId: $id, follow: false) { message } }',
    variables: (h) => ({ id: h.instance.id }),
  },
  instanceLogChunks: {
    needs: [Scopes.logs, Scopes.exec],
    query: 'subscription S($id: ID!) { instanceLogChunks(instanceId: $id, follow: false) { lines { message } } }',
    variables: (h) => ({ id: h.instance.id }),
  },
};

type Outcome = { kind: 'next'; payload: unknown } | { kind: 'error'; errors: unknown } | { kind: 'complete' };

/** The first thing a subscription says: a payload, an error or its end (the test timeout bounds the wait). */
function firstOutcome(
  client: ReturnType<typeof wsClient>,
  op: { query: string; variables: Record<string, unknown> },
): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (o: Outcome) => {
      if (settled) return;
      settled = true;
      dispose();
      resolve(o);
    };
    const dispose = client.subscribe(op, {
      next: (payload) => finish({ kind: 'next', payload }),
      error: (errors) => finish({ kind: 'error', errors }),
      complete: () => finish({ kind: 'complete' }),
    });
  });
}

describe('scope matrix: every mutation and subscription refuses a token without the scope it needs', () => {
  let t: TestApp;
  let client: RawClient;
  let tenant: SeededTenant;
  let handles: Handles;
  // Restarts take long, so one operation stays RUNNING for cancelOperation and operationUpdates.
  const fake = new FakeProvider({ latencyMs: { restart: 600_000 } });
  const providerKey = `fake-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(providerKey, fake);
    t = await startTestApp({ registry, executor: { pollMs: 100 } });
    client = new RawClient(t.url);
    tenant = await seedTenant(t);
    const instance = await seedInstance(client, tenant.token, {
      name: `matrix-${randomUUID().slice(0, 8)}`,
      provider: providerKey,
      services: [{ name: 'main', image: image('1') }],
    });
    await client.data(tenant.token, 'mutation($i: DeployInstanceInput!) { deployInstance(input: $i) { __typename } }', {
      i: { instanceId: instance.id, wait: true, services: [{ name: 'main', image: image('2') }] },
    });
    const busy = await seedInstance(client, tenant.token, {
      name: `matrix-busy-${randomUUID().slice(0, 8)}`,
      provider: providerKey,
      services: [{ name: 'main', image: image('1') }],
    });
    const restart = await client.data<{ restartInstance: { operation: { id: string } } }>(
      tenant.token,
      'mutation($i: InstanceActionInput!) { restartInstance(input: $i) { ... on RestartInstancePayload { operation { id } } } }',
      { i: { instanceId: busy.id } },
    );
    const runningOperation = restart.restartInstance.operation.id;
    for (;;) {
      const r = await client.data<{ operation: { status: string } }>(
        tenant.token,
        'query($id: ID!) { operation(id: $id) { status } }',
        { id: runningOperation },
      );
      if (r.operation.status === 'RUNNING') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const other = await client.data<{ createApiToken: { apiToken: { id: string } } }>(
      tenant.token,
      'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { ... on CreateApiTokenPayload { apiToken { id } } } }',
      { i: { name: 'matrix-other', scopes: ['READ'] } },
    );
    const secretKey = `matrix-secret-${randomUUID().slice(0, 8)}`;
    await client.data(tenant.token, 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }', {
      i: { key: secretKey, value: 'kept' },
    });
    handles = {
      providerKey,
      instance,
      firstRelease: instance.releaseId,
      runningOperation,
      otherToken: other.createApiToken.apiToken.id,
      secretKey,
    };
  });

  afterAll(async () => {
    await t?.stop();
  });

  /** Everything a refused call could have written: the tenant's rows, its tokens, and tenants named like the probe's. */
  async function footprint(variables: Record<string, unknown>): Promise<unknown> {
    const db = t.database.db;
    const name = (variables.input as { name?: unknown } | undefined)?.name;
    const tokens = await sql<{ total: number; revoked: number }>`
      select count(*)::int as total, count(revoked_at)::int as revoked
      from api_tokens where tenant_id = ${tenant.tenantId}`.execute(db);
    const named =
      typeof name === 'string'
        ? (await sql<{ n: number }>`select count(*)::int as n from tenants where name = ${name}`.execute(db)).rows[0]!.n
        : 0;
    const ops = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from operations where tenant_id = ${tenant.tenantId}
      group by status order by status`.execute(db);
    return {
      rows: await tenantRowCounts(db, tenant.tenantId),
      tokens: tokens.rows[0],
      tenantsNamed: named,
      operationsByStatus: ops.rows,
    };
  }

  /** How many audit entries the tenant has, and its last one. */
  async function auditTail(): Promise<{ entries: number; last: unknown }> {
    const db = t.database.db;
    const count = await sql<{ n: number }>`
      select count(*)::int as n from audit_entries where tenant_id = ${tenant.tenantId}`.execute(db);
    const last = await sql<{ action: string; outcome: string; error_type: string | null }>`
      select action, outcome, error_type from audit_entries where tenant_id = ${tenant.tenantId}
      order by seq desc limit 1`.execute(db);
    return { entries: count.rows[0]!.n, last: last.rows[0] ?? null };
  }

  it('has a row for every root Query field, and every row is a field', () => {
    const queries = rootFields(schema.getQueryType()).map((f) => f.name);
    expect(
      queries.filter((f) => !QUERIES[f]),
      'queries without a row in QUERIES',
    ).toEqual([]);
    expect(
      Object.keys(QUERIES).filter((f) => !queries.includes(f)),
      'rows for no query',
    ).toEqual([]);
  });

  it('refuses every query with FORBIDDEN and no data, and writes nothing', async () => {
    const checked: string[] = [];
    for (const field of rootFields(schema.getQueryType())) {
      const row = QUERIES[field.name];
      if (!row) continue; // reported above
      const needed = [...row.needs].sort();
      expect(declaredScopes(field).join('|'), `${field.name}: declared scopes`).toBe(needed.join('|'));
      const others = ALL_SCOPES.filter((s) => !needed.includes(s));
      if (others.length === 0) continue; // any scope will do: no token is refused
      const token = await t.newToken(tenant.tenantId, others);
      const variables = row.variables(handles);
      const before = await footprint(variables);
      const r = await client.request(token, row.query, variables);
      expect(r.status, `${field.name}: ${r.text}`).toBe(200);
      expect(
        (r.body.errors ?? []).map((e) => e.extensions?.code),
        `${field.name} without ${needed.join('|')}: ${r.text}`,
      ).toEqual(['FORBIDDEN']);
      expect(r.body.data?.[field.name] ?? null, `${field.name}: ${r.text}`).toBeNull();
      expect(await footprint(variables), `${field.name}: rows changed`).toEqual(before);
      checked.push(field.name);
    }
    expect(checked).toContain('tenants');
    expect(checked).toContain('apiTokens');
    expect(checked).toContain('trustPolicies');
  });

  it('has a row for every root Mutation and Subscription field, and every row is a field', () => {
    const mutations = rootFields(schema.getMutationType()).map((f) => f.name);
    const subscriptions = rootFields(schema.getSubscriptionType()).map((f) => f.name);
    expect(
      mutations.filter((f) => !MUTATIONS[f]),
      'mutations without a row in MUTATIONS',
    ).toEqual([]);
    expect(
      subscriptions.filter((f) => !SUBSCRIPTIONS[f]),
      'subscriptions without a row',
    ).toEqual([]);
    expect(
      Object.keys(MUTATIONS).filter((f) => !mutations.includes(f)),
      'rows for no mutation',
    ).toEqual([]);
    expect(
      Object.keys(SUBSCRIPTIONS).filter((f) => !subscriptions.includes(f)),
      'rows for no subscription',
    ).toEqual([]);
  });

  it('each field declares exactly the scopes its row promises (read from the schema)', () => {
    const mismatched: string[] = [];
    for (const [rows, type] of [
      [MUTATIONS, schema.getMutationType()],
      [SUBSCRIPTIONS, schema.getSubscriptionType()],
    ] as const) {
      for (const f of rootFields(type)) {
        const row = rows[f.name];
        if (!row) continue; // reported above
        const declared = declaredScopes(f).join('|');
        const promised = [...row.needs].sort().join('|');
        if (declared !== promised) mismatched.push(`${f.name}: declares ${declared}, the API promises ${promised}`);
      }
    }
    expect(mismatched).toEqual([]);
  });

  it('refuses every mutation with ForbiddenError, writes nothing and calls no provider', async () => {
    const checked: string[] = [];
    for (const field of rootFields(schema.getMutationType())) {
      const row = MUTATIONS[field.name];
      if (!row) continue; // reported by the first test
      const needed = [...row.needs].sort();
      const token = await t.newToken(
        tenant.tenantId,
        ALL_SCOPES.filter((s) => !needed.includes(s)),
      );
      const variables = row.variables(handles);
      const before = await footprint(variables);
      const auditBefore = await auditTail();
      const callsBefore = fake.calls.length;
      const r = await client.request(token, row.query, variables);
      expect(r.status, `${field.name}: ${r.text}`).toBe(200);
      expect(r.body.errors, `${field.name}: ${r.text}`).toBeUndefined();
      const result = r.body.data?.[field.name] as { __typename: string; requiredScope: string | null } | undefined;
      expect(result?.__typename, `${field.name} without ${needed.join('|')}: ${r.text}`).toBe('ForbiddenError');
      // One needed scope is named; "any of several" cannot name one.
      expect(result?.requiredScope, field.name).toBe(needed.length === 1 ? apiScope(needed[0]!) : null);
      // Let anything the call might have queued reach the executor and the provider.
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await footprint(variables), `${field.name}: rows changed`).toEqual(before);
      // The refusal itself is on record: one audit entry, the tenant's last.
      expect(await auditTail(), `${field.name}: audit entries`).toEqual({
        entries: auditBefore.entries + 1,
        last: { action: field.name, outcome: 'ERROR', error_type: 'ForbiddenError' },
      });
      expect(
        fake.calls.slice(callsBefore).map((c) => c.method),
        `${field.name}: provider calls`,
      ).toEqual([]);
      checked.push(field.name);
    }
    expect(checked.sort()).toEqual(Object.keys(MUTATIONS).sort());
    // The running operation was not canceled by the refused cancelOperation.
    const op = await client.data<{ operation: { status: string } }>(
      tenant.token,
      'query($id: ID!) { operation(id: $id) { status } }',
      { id: handles.runningOperation },
    );
    expect(op.operation.status).toBe('RUNNING');
  });

  it('refuses every subscription with FORBIDDEN before any data, writes nothing and calls no provider', async () => {
    const checked: string[] = [];
    for (const field of rootFields(schema.getSubscriptionType())) {
      const row = SUBSCRIPTIONS[field.name];
      if (!row) continue;
      const needed = [...row.needs].sort();
      const token = await t.newToken(
        tenant.tenantId,
        ALL_SCOPES.filter((s) => !needed.includes(s)),
      );
      const variables = row.variables(handles);
      const before = await footprint(variables);
      const callsBefore = fake.calls.length;
      const ws = wsClient(t.wsUrl, token);
      try {
        const outcome = await firstOutcome(ws, { query: row.query, variables });
        // graphql-ws delivers a refused subscribe as one result with errors and no data (or as an error).
        const result = (
          outcome.kind === 'next' ? outcome.payload : { errors: (outcome as { errors?: unknown }).errors }
        ) as {
          data?: unknown;
          errors?: { extensions?: { code?: string } }[];
        };
        expect(result.data ?? null, `${field.name}: ${JSON.stringify(outcome)}`).toBeNull();
        expect(
          (result.errors ?? []).map((e) => e.extensions?.code),
          `${field.name}: ${JSON.stringify(outcome)}`,
        ).toEqual(['FORBIDDEN']);
      } finally {
        await ws.dispose();
      }
      expect(await footprint(variables), `${field.name}: rows changed`).toEqual(before);
      expect(
        fake.calls.slice(callsBefore).map((c) => c.method),
        `${field.name}: provider calls`,
      ).toEqual([]);
      checked.push(field.name);
    }
    expect(checked.sort()).toEqual(Object.keys(SUBSCRIPTIONS).sort());
  });
});
