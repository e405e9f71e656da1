/**
 * Tenant isolation, walked from the schema: every root Query, Mutation and
 * Subscription field is exercised by a token of tenant B (every tenant scope,
 * not SYSTEM) against tenant A's objects, and the answer must be exactly what
 * a random id of the same kind gets: same shape, same typename, same error,
 * same null, and not one byte of A's data. A root field the table below does
 * not know fails the run, so a new field cannot be added without a row.
 *
 * SYSTEM is left out on purpose: it is the operator's scope and crosses
 * tenants by design (createTenant, createApiToken for any tenant, node of any
 * Tenant).
 */
import { randomUUID } from 'node:crypto';
import {
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isLeafType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '../../src/control/scopes.js';
import { hashToken } from '../../src/control/tokens.js';
import { json } from '../../src/db/db-types.js';
import { buildSchema } from '../../src/schema/index.js';
import { type TestApp, wsClient } from '../support/app.js';
import {
  globalId,
  localOf,
  RawClient,
  type SeededInstance,
  type SeededTenant,
  type SeedProvider,
  seedInstance,
  seedTenant,
  startSeedApp,
} from '../support/seed.js';

const schema = buildSchema();

// ---------------------------------------------------------------- building operations from the schema

/**
 * A selection of everything under `type` to `depth` levels: every field
 * without required arguments, every member of a union or interface. What B
 * sees through any nested field is compared too.
 */
function selectAll(
  s: GraphQLSchema,
  type: GraphQLOutputType,
  depth: number,
  aliased = new Map<string, string>(),
): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (depth <= 0) return '{ __typename }';
  if (isObjectType(named)) {
    const parts = ['__typename'];
    for (const f of Object.values(named.getFields())) {
      if (f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
      const sub = selectAll(s, f.type, depth - 1);
      // Inside a fragment of a union or interface, a name other members type differently gets an alias
      // (all but the members typing it as the first one found does: the server limits aliases).
      const kept = aliased.get(f.name);
      const name = kept !== undefined && kept !== String(f.type) ? `${named.name}_${f.name}: ${f.name}` : f.name;
      parts.push(sub ? `${name} ${sub}` : name);
    }
    return `{ ${parts.join(' ')} }`;
  }
  const members = s.getPossibleTypes(named as Parameters<GraphQLSchema['getPossibleTypes']>[0]);
  const typeOf = new Map<string, Set<string>>();
  for (const m of members) {
    for (const f of Object.values(m.getFields()))
      typeOf.set(f.name, (typeOf.get(f.name) ?? new Set()).add(String(f.type)));
  }
  const conflicting = new Map(
    [...typeOf].filter(([, types]) => types.size > 1).map(([name, types]) => [name, [...types][0]!] as const),
  );
  return `{ __typename ${members.map((m) => `... on ${m.name} ${selectAll(s, m, depth, conflicting)}`).join(' ')} }`;
}

type Kind = 'query' | 'mutation' | 'subscription';

function rootFields(kind: Kind): Record<string, GraphQLField<unknown, unknown>> {
  const type: GraphQLObjectType | null | undefined =
    kind === 'query'
      ? schema.getQueryType()
      : kind === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  return type ? type.getFields() : {};
}

/** One operation on one root field, its arguments passed as variables typed from the schema. */
function operationOn(
  kind: Kind,
  field: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
  selection: string,
): { query: string; variables: Record<string, unknown> } {
  const unknown = Object.keys(args).filter((a) => !field.args.some((d) => d.name === a));
  if (unknown.length) throw new Error(`${kind} ${field.name} has no argument(s) ${unknown.join(', ')}: update its row`);
  const missing = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined && !(a.name in args));
  if (missing.length) {
    throw new Error(`${kind} ${field.name} needs ${missing.map((a) => a.name).join(', ')}: update its row`);
  }
  const used = field.args.filter((a) => a.name in args);
  const defs = used.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = used.map((a) => `${a.name}: $${a.name}`).join(', ');
  return {
    query: `${kind} Probe${defs ? `(${defs})` : ''} { ${field.name}${call ? `(${call})` : ''} ${selection} }`,
    variables: args,
  };
}

// ---------------------------------------------------------------- the table

/** The handles of one side of a comparison: A's real objects, or random ones of the same kinds. */
interface Ids {
  instance: string;
  release: string;
  /** A queued operation (behind a running one). */
  operation: string;
  /** A running operation (its provider call is held). */
  runningOperation: string;
  event: string;
  token: string;
  tenant: string;
  secretKey: string;
  instanceName: string;
  tenantName: string;
  idempotencyKey: string;
  image: string;
  label: string;
  /** A's webhook (disabled, so nothing is ever sent) and a delivery of it. */
  webhook: string;
  webhookDelivery: string;
  /** A's build (queued behind the held operation: it never runs). */
  build: string;
  /** A volume A's deprovision kept (its record, written as the worker writes it). */
  keptVolume: string;
  /** A's schedule (suspended: it never ticks). */
  schedule: string;
  /** An entry of A's audit log. */
  auditEntry: string;
  /** A backup of A's volume (its record, written as a BACKUP operation writes it). */
  volumeBackup: string;
  /** A's trust policy. */
  trustPolicy: string;
}

/** B's own objects, the same on both sides (e.g. B's instance with A's release). */
interface Own {
  instance: string;
}

interface Probe {
  args: Record<string, unknown>;
  /** Levels of selectAll (default 3); or an explicit selection. */
  depth?: number;
  selection?: string;
  /** For a mutation: the result's __typename both sides must get. */
  expect?: string;
}

type Row = (x: Ids, own: Own) => Probe[];

const svc = (image: string) => [{ name: 'main', image }];

/** A route id that names nothing, probed alike on A's side and the random side. */
const ROUTE_PROBE = globalId('Route', randomUUID());

/** Every root field and how to point it at an object. Query and Mutation rows are required; Subscription rows run when the field exists. */
// Lists are read 40 at a time: every field to depth 4 of 100 instances is over the query cost limit
// (100 × ~1,000 nodes), refused before execution; B has far fewer objects of its own anyway. Instances
// 20 at a time: each one's schedules (a list) with their jobs and their backups, and its backups (a page each), make
// an instance dearer.
const ROWS: Record<Kind, Record<string, Row>> = {
  query: {
    node: (x) =>
      (
        [
          'instance',
          'release',
          'operation',
          'runningOperation',
          'event',
          'token',
          'tenant',
          'build',
          'keptVolume',
          'auditEntry',
          'volumeBackup',
        ] as const
      ).map((k) => ({
        args: { id: x[k] },
        depth: 2,
      })),
    nodes: (x) => [{ args: { ids: [x.instance, x.release, x.operation, x.event, x.token, x.tenant] }, depth: 2 }],
    viewer: () => [{ args: {} }],
    providers: () => [{ args: {} }],
    provider: () => [{ args: { key: 'seed' } }],
    capabilities: () => [{ args: {} }],
    instances: (x) => [
      { args: { first: 20 }, depth: 4 },
      { args: { filter: { namePrefix: x.instanceName } }, depth: 4 },
      { args: { filter: { label: { key: 'team', value: x.label } } }, depth: 4 },
    ],
    instance: (x) => [{ args: { id: x.instance } }, { args: { id: x.release } }],
    services: (x) => [
      { args: { first: 40 }, depth: 4 },
      { args: { filter: { image: x.image } }, depth: 4 },
    ],
    releases: (x) => [{ args: { instanceId: x.instance }, depth: 4 }],
    operation: (x) => [{ args: { id: x.operation } }, { args: { id: x.runningOperation } }],
    events: (x) => [
      { args: { first: 40 }, depth: 4 },
      { args: { filter: { instanceId: x.instance } }, depth: 4 },
      { args: { filter: { types: ['secret.put', 'token.created', 'instance.created', 'release.created'] } }, depth: 4 },
    ],
    apiTokens: (x) => [
      { args: { first: 40 }, depth: 4 },
      // A's tenant named outright: without SYSTEM, FORBIDDEN exactly as for a random tenant.
      { args: { first: 40, tenantId: x.tenant }, depth: 4 },
    ],
    // SYSTEM only: B (no SYSTEM) is refused whatever exists.
    tenants: () => [{ args: { first: 40 }, depth: 4 }],
    secrets: () => [{ args: { first: 40 }, depth: 4 }],
    webhooks: () => [{ args: { first: 40 }, depth: 4 }],
    // B's own policies (none): nothing of A's.
    trustPolicies: () => [{ args: {}, depth: 3 }],
    webhook: (x) => [{ args: { id: x.webhook }, depth: 4 }],
    keptVolumes: () => [{ args: { first: 40 }, depth: 4 }],
    // B's own schedules (none), and A's instance as a filter: nothing of A's.
    schedules: (x) => [
      { args: { first: 40 }, depth: 4 },
      { args: { first: 40, instanceId: x.instance }, depth: 4 },
    ],
    // B's own log (its setup), and A's ids as filters: nothing of A's.
    auditLog: (x) => [
      { args: { first: 40 }, depth: 4 },
      { args: { first: 40, filter: { targetId: x.instance } }, depth: 4 },
      { args: { first: 40, filter: { actorId: x.token, action: 'provisionInstance' } }, depth: 4 },
    ],
    verifyAuditLog: () => [{ args: {} }],
    // B's own routes (none), and those of A's instance as a filter: nothing of A's.
    routes: (x) => [
      { args: { first: 40 }, depth: 4 },
      { args: { first: 40, filter: { instanceId: x.instance } }, depth: 4 },
    ],
  },
  mutation: {
    provisionInstance: (x) => [
      {
        // A's instance name (free in B) and A's secret key (unknown in B).
        args: {
          input: {
            name: x.instanceName,
            services: [{ name: 'main', image: 'example.com/b:1', secrets: [{ key: x.secretKey }] }],
          },
        },
        expect: 'ValidationError',
      },
      {
        // A's idempotency key is B's to use: a fresh operation of B's, never A's.
        args: {
          input: { name: `${x.instanceName}-2`, services: svc('example.com/b:1'), idempotencyKey: x.idempotencyKey },
        },
        selection: '{ __typename ... on ProvisionInstancePayload { operation { kind status idempotencyKey } } }',
        expect: 'ProvisionInstancePayload',
      },
    ],
    deployInstance: (x) => [
      // A's instance with A's own idempotency key (runs before provisionInstance makes that key B's too).
      {
        args: { input: { instanceId: x.instance, services: svc('example.com/b:2'), idempotencyKey: x.idempotencyKey } },
        expect: 'NotFoundError',
      },
    ],
    buildService: (x) => [
      {
        args: {
          input: {
            instanceId: x.instance,
            service: 'main',
            deploy: false,
            build: { source: { git: { url: 'https://git.example.com/app.git' } } },
          },
        },
        expect: 'NotFoundError',
      },
    ],
    // A's instance: unknown to B (before any of its schedules is looked at).
    createSchedule: (x) => [
      {
        args: {
          input: {
            instanceId: x.instance,
            schedule: { name: 'nightly', service: 'main', command: ['true'], cron: '30 2 * * *' },
          },
        },
        expect: 'NotFoundError',
      },
    ],
    updateSchedule: (x) => [{ args: { input: { id: x.schedule, suspended: true } }, expect: 'NotFoundError' }],
    deleteSchedule: (x) => [{ args: { input: { id: x.schedule } }, expect: 'NotFoundError' }],
    backupVolume: (x) => [
      { args: { input: { instanceId: x.instance, volume: 'data', consistency: 'LIVE' } }, expect: 'NotFoundError' },
    ],
    restoreVolume: (x, own) => [
      { args: { input: { backupId: x.volumeBackup } }, expect: 'NotFoundError' },
      { args: { input: { backupId: x.volumeBackup, instanceId: own.instance } }, expect: 'NotFoundError' },
    ],
    deleteVolumeBackup: (x) => [{ args: { input: { id: x.volumeBackup } }, expect: 'NotFoundError' }],
    runJob: (x) => [
      {
        args: { input: { instanceId: x.instance, service: 'main', command: ['true'] } },
        expect: 'NotFoundError',
      },
    ],
    scaleInstance: (x) => [
      { args: { input: { instanceId: x.instance, resources: { replicas: 2 } } }, expect: 'NotFoundError' },
    ],
    rollbackInstance: (x, own) => [
      { args: { input: { instanceId: x.instance, releaseId: x.release } }, expect: 'NotFoundError' },
      // B's own instance, A's release: the release is as unknown as a random one.
      { args: { input: { instanceId: own.instance, releaseId: x.release } }, expect: 'ValidationError' },
    ],
    startInstance: (x) => [{ args: { input: { instanceId: x.instance } }, expect: 'NotFoundError' }],
    stopInstance: (x) => [{ args: { input: { instanceId: x.instance } }, expect: 'NotFoundError' }],
    restartInstance: (x) => [{ args: { input: { instanceId: x.instance } }, expect: 'NotFoundError' }],
    deprovisionInstance: (x) => [{ args: { input: { instanceId: x.instance } }, expect: 'NotFoundError' }],
    execInstance: (x) => [{ args: { input: { instanceId: x.instance, command: ['env'] } }, expect: 'NotFoundError' }],
    cancelOperation: (x) => [
      { args: { input: { operationId: x.operation } }, expect: 'NotFoundError' },
      { args: { input: { operationId: x.runningOperation } }, expect: 'NotFoundError' },
    ],
    // A's operations, queued-and-ended or running, are unknown to B: nothing to promote.
    promoteOperation: (x) => [
      { args: { input: { operationId: x.operation } }, expect: 'NotFoundError' },
      { args: { input: { operationId: x.runningOperation } }, expect: 'NotFoundError' },
    ],
    createTenant: (x) => [{ args: { input: { name: x.tenantName } }, expect: 'ForbiddenError' }],
    createApiToken: (x) => [
      { args: { input: { tenantId: x.tenant, name: 'probe', scopes: ['READ'] } }, expect: 'NotFoundError' },
    ],
    revokeApiToken: (x) => [{ args: { input: { id: x.token } }, expect: 'NotFoundError' }],
    // Runs before putSecret (the walk goes in schema order): A's key is unknown to B.
    deleteSecret: (x) => [{ args: { input: { key: x.secretKey } }, expect: 'NotFoundError' }],
    // B may have a key named like A's: its own secret, version 1, A's untouched.
    putSecret: (x) => [{ args: { input: { key: x.secretKey, value: 'b-probe-value' } }, expect: 'PutSecretPayload' }],
    // B's own webhook (a filter nothing matches: nothing is sent); its secret is random, so only the type is compared.
    createWebhook: () => [
      {
        args: { input: { url: 'https://hooks.invalid/b', eventTypes: ['never.match'] } },
        selection: '{ __typename }',
        expect: 'CreateWebhookPayload',
      },
    ],
    updateWebhook: (x) => [{ args: { input: { webhookId: x.webhook, description: 'b' } }, expect: 'NotFoundError' }],
    rotateWebhookSecret: (x) => [{ args: { input: { webhookId: x.webhook } }, expect: 'NotFoundError' }],
    testWebhook: (x) => [{ args: { input: { webhookId: x.webhook } }, expect: 'NotFoundError' }],
    redeliverWebhookDelivery: (x) => [{ args: { input: { deliveryId: x.webhookDelivery } }, expect: 'NotFoundError' }],
    deleteWebhook: (x) => [{ args: { input: { webhookId: x.webhook } }, expect: 'NotFoundError' }],
    deleteTrustPolicy: (x) => [{ args: { input: { id: x.trustPolicy } }, expect: 'NotFoundError' }],
    // B's own policy: its id is B's, so only the type is compared.
    createTrustPolicy: () => [
      {
        args: {
          input: {
            name: 'b-ci',
            issuer: 'https://token.actions.githubusercontent.com',
            audience: 'b',
            subjectPattern: 'repo:b/app:*',
            scopes: ['READ'],
          },
        },
        selection: '{ __typename }',
        expect: 'CreateTrustPolicyPayload',
      },
    ],
    deleteKeptVolume: (x) => [{ args: { input: { id: x.keptVolume } }, expect: 'NotFoundError' }],
    // A route on A's instance: not B's to change.
    addRoute: (x) => [
      { args: { input: { instanceId: x.instance, route: { service: 'main', port: 8080 } } }, expect: 'NotFoundError' },
    ],
    // A has no route (its provider has no edge): the same id that names nothing, on both sides.
    removeRoute: () => [{ args: { input: { routeId: ROUTE_PROBE } }, expect: 'NotFoundError' }],
  },
  subscription: {
    instanceEvents: (x) => [{ args: { instanceId: x.instance, after: '0' } }],
    buildLogs: (x) => [{ args: { buildId: x.build } }],
    operationUpdates: (x) => [{ args: { operationId: x.operation } }, { args: { operationId: x.runningOperation } }],
    events: (x) => [{ args: { filter: { instanceId: x.instance }, after: '0' } }],
    instanceLogs: (x) => [{ args: { instanceId: x.instance, follow: false } }],
    instanceLogChunks: (x) => [{ args: { instanceId: x.instance, follow: false } }],
  },
};

// ---------------------------------------------------------------- comparing

/**
 * A response with the values a probe passed in replaced by their role
 * (`<instance>`, `<secretKey>`, …) and timestamps blanked, so A's side and the
 * random side can be compared as values.
 */
function normalise(text: string, ids: Ids): string {
  const pairs: [string, string][] = [];
  for (const [role, value] of Object.entries(ids)) {
    pairs.push([value, `<${role}>`]);
    const local = localOf(value);
    if (/^[0-9a-f-]{36}$/.test(local) || /^\d+$/.test(local)) pairs.push([local, `<${role}:local>`]);
  }
  pairs.sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (const [value, role] of pairs) if (value.length >= 4) out = out.split(value).join(role);
  return out.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');
}

function randomIds(): Ids {
  const r = () => randomUUID();
  return {
    instance: globalId('Instance', r()),
    release: globalId('Release', r()),
    operation: globalId('Operation', r()),
    runningOperation: globalId('Operation', r()),
    event: globalId('Event', String(9_000_000_000_000 + Math.floor(Math.random() * 1_000_000_000))),
    token: globalId('ApiToken', r()),
    tenant: globalId('Tenant', r()),
    webhook: globalId('Webhook', r()),
    webhookDelivery: globalId('WebhookDelivery', r()),
    build: globalId('Build', r()),
    keptVolume: globalId('KeptVolume', r()),
    schedule: globalId('Schedule', r()),
    auditEntry: globalId('AuditEntry', `${r()}:1`),
    volumeBackup: globalId('VolumeBackup', r()),
    trustPolicy: globalId('TrustPolicy', r()),
    secretKey: `s-${r()}`,
    instanceName: `n-${r().slice(0, 18)}`,
    tenantName: `t-${r().slice(0, 18)}`,
    idempotencyKey: `k-${r()}`,
    image: `example.com/r-${r().slice(0, 8)}:1`,
    label: `l-${r()}`,
  };
}

type Outcome =
  | { kind: 'next'; payload: unknown }
  | { kind: 'error'; errors: unknown }
  | { kind: 'complete' }
  | { kind: 'silent' };

/** The first thing a subscription says within `ms`: a payload, an error, its end, or nothing. */
function firstOutcome(
  client: ReturnType<typeof wsClient>,
  op: { query: string; variables: Record<string, unknown> },
  ms = 1_500,
): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (o: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      dispose();
      resolve(o);
    };
    const timer = setTimeout(() => finish({ kind: 'silent' }), ms);
    const dispose = client.subscribe(op, {
      next: (payload) => finish({ kind: 'next', payload }),
      error: (errors) => finish({ kind: 'error', errors: errorsOf(errors) }),
      complete: () => finish({ kind: 'complete' }),
    });
  });
}

function errorsOf(e: unknown): unknown {
  if (Array.isArray(e)) return e.map((x) => ({ message: (x as { message?: string }).message, ...(x as object) }));
  if (e instanceof Error) return { message: e.message };
  if (e && typeof e === 'object' && 'code' in e) return { code: (e as { code: number }).code };
  return e;
}

// ---------------------------------------------------------------- the test

describe('tenant isolation: every root field, B against A', () => {
  let t: TestApp;
  let provider: SeedProvider;
  let client: RawClient;
  let A: SeededTenant;
  let B: SeededTenant;
  let aInst: SeededInstance;
  let bInst: SeededInstance;
  let foreign: Ids;
  let releaseHold: () => void = () => {};
  /** Every string of A's that must never reach B. */
  let fingerprints: string[];
  const aSecretValue = `a-secret-value-${randomUUID()}`;

  beforeAll(async () => {
    ({ t, provider } = await startSeedApp());
    client = new RawClient(t.url);
    A = await seedTenant(t);
    B = await seedTenant(t, [Scopes.read, Scopes.deploy, Scopes.exec, Scopes.secretsWrite, Scopes.admin]);

    const tag = randomUUID().slice(0, 8);
    const secretKey = `a-key-${tag}`;
    await client.data(A.token, 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }', {
      i: { key: secretKey, value: aSecretValue },
    });
    const image = `example.com/a-${tag}:1`;
    const label = `a-label-${tag}`;
    const idempotencyKey = `a-idem-${tag}`;
    aInst = await seedInstance(client, A.token, {
      name: `a-inst-${tag}`,
      labels: [{ key: 'team', value: label }],
      idempotencyKey,
      services: [
        {
          name: 'main',
          image,
          env: [{ name: 'A_ENV', value: `a-env-${tag}` }],
          secrets: [{ key: secretKey, envName: 'A_SECRET' }],
        },
      ],
    });
    await client.data(A.token, 'mutation($i: DeployInstanceInput!) { deployInstance(input: $i) { __typename } }', {
      i: { instanceId: aInst.id, wait: true, services: [{ name: 'main', image: `example.com/a-${tag}:2` }] },
    });
    const made = await client.data<{ createApiToken: { token: string; apiToken: { id: string } } }>(
      A.token,
      'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { ... on CreateApiTokenPayload { token apiToken { id } } } }',
      { i: { name: `a-token-${tag}`, scopes: ['READ'] } },
    );

    // A running operation (its provider call held) and a queued one behind it.
    releaseHold = provider.hold('restart');
    const restart = await client.data<{ restartInstance: { operation: { id: string } } }>(
      A.token,
      'mutation($i: InstanceActionInput!) { restartInstance(input: $i) { ... on RestartInstancePayload { operation { id } } } }',
      { i: { instanceId: aInst.id } },
    );
    const runningOperation = restart.restartInstance.operation.id;
    await until(async () => {
      const r = await client.data<{ operation: { status: string } }>(
        A.token,
        'query($id: ID!) { operation(id: $id) { status } }',
        {
          id: runningOperation,
        },
      );
      return r.operation.status === 'RUNNING';
    });
    const stop = await client.data<{
      stopInstance: { __typename: string; operation?: { id: string; status: string } };
    }>(
      A.token,
      'mutation($i: InstanceActionInput!) { stopInstance(input: $i) { __typename ... on StopInstancePayload { operation { id status } } } }',
      { i: { instanceId: aInst.id } },
    );
    if (stop.stopInstance.operation?.status !== 'QUEUED')
      throw new Error(`expected a queued stop: ${JSON.stringify(stop)}`);
    // A's build, queued behind the held operation (it never runs).
    const built = await client.data<{ buildService: { build?: { id: string } } }>(
      A.token,
      'mutation($i: BuildServiceInput!) { buildService(input: $i) { ... on BuildServicePayload { build { id } } } }',
      {
        i: {
          instanceId: aInst.id,
          service: 'main',
          deploy: false,
          build: { source: { git: { url: `https://git.example.com/a-${tag}.git` } } },
        },
      },
    );
    if (!built.buildService.build) throw new Error(`expected a queued build: ${JSON.stringify(built)}`);

    // The feed reads below the horizon (the server's oldest open transaction): on a Postgres server shared
    // with other files, A's events show once their transactions have ended.
    const firstEvent = () =>
      client.data<{ events: { edges: { node: { id: string } }[] } }>(
        A.token,
        '{ events(first: 1) { edges { node { id } } } }',
      );
    let events = await firstEvent();
    for (const until = Date.now() + 30_000; events.events.edges.length === 0 && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 200));
      events = await firstEvent();
    }
    // A's webhook: created and disabled at once (a filter nothing matches too), so no attempt is ever made.
    const hook = await client.data<{ createWebhook: { webhook: { id: string } } }>(
      A.token,
      'mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { ... on CreateWebhookPayload { webhook { id } } } }',
      { i: { url: `https://hooks.invalid/a-${tag}`, eventTypes: ['never.match'], description: `a-hook-${tag}` } },
    );
    const webhook = hook.createWebhook.webhook.id;
    await client.data(A.token, 'mutation($i: UpdateWebhookInput!) { updateWebhook(input: $i) { __typename } }', {
      i: { webhookId: webhook, enabled: false },
    });
    const tested = await client.data<{ testWebhook: { delivery: { id: string } } }>(
      A.token,
      'mutation($i: TestWebhookInput!) { testWebhook(input: $i) { ... on TestWebhookPayload { delivery { id } } } }',
      { i: { webhookId: webhook } },
    );
    // A's kept volume: the record a deprovision that kept it writes (the seed provider has no volumes of its own).
    const keptVolumeId = randomUUID();
    await t.database.db
      .insertInto('kept_volumes')
      .values({
        id: keptVolumeId,
        tenant_id: A.tenantId,
        provider_key: 'seed',
        name: `wh-a-${tag}-data`,
        volume: 'data',
        service: 'main',
        instance_name: `a-gone-${tag}`,
      })
      .execute();
    // A's schedule, suspended so it never ticks (the seed provider runs no jobs: written as createSchedule writes it).
    const scheduleId = randomUUID();
    await t.database.db
      .insertInto('schedules')
      .values({
        id: scheduleId,
        tenant_id: A.tenantId,
        instance_id: localOf(aInst.id),
        name: `a-nightly-${tag}`.slice(0, 60),
        service: 'main',
        command: json(['true']),
        cron: '30 2 * * *',
        time_zone: 'Europe/Berlin',
        concurrency: 'forbid',
        timeout_seconds: 60,
        starting_deadline_seconds: 300,
        history_limit: 5,
        suspended: true,
        next_run_at: null,
      })
      .execute();
    const policy = await client.data<{ createTrustPolicy: { trustPolicy: { id: string } } }>(
      A.token,
      'mutation($i: CreateTrustPolicyInput!) { createTrustPolicy(input: $i) { ... on CreateTrustPolicyPayload { trustPolicy { id } } } }',
      {
        i: {
          name: `a-ci-${tag}`,
          issuer: 'https://token.actions.githubusercontent.com',
          audience: `a-${tag}`,
          subjectPattern: `repo:a/${tag}:*`,
          scopes: ['READ'],
        },
      },
    );
    // A backup of A's volume, as a BACKUP operation records it (no archive is ever read: every probe is refused first).
    const backupId = randomUUID();
    await t.database.db
      .insertInto('volume_backups')
      .values({
        id: backupId,
        tenant_id: A.tenantId,
        instance_id: localOf(aInst.id),
        operation_id: localOf(stop.stopInstance.operation!.id),
        schedule_id: null,
        volume: 'data',
        status: 'succeeded',
        consistency: 'live',
        hook: null,
        size_bytes: 1024,
        sha256: 'a'.repeat(64),
        archive_path: null,
        error: null,
      })
      .execute();
    const audited = await client.data<{ auditLog: { edges: { node: { id: string } }[] } }>(
      A.token,
      '{ auditLog(first: 1) { edges { node { id } } } }',
    );
    foreign = {
      trustPolicy: policy.createTrustPolicy.trustPolicy.id,
      auditEntry: audited.auditLog.edges[0]!.node.id,
      schedule: globalId('Schedule', scheduleId),
      volumeBackup: globalId('VolumeBackup', backupId),
      keptVolume: globalId('KeptVolume', keptVolumeId),
      build: built.buildService.build.id,
      webhook,
      webhookDelivery: tested.testWebhook.delivery.id,
      instance: aInst.id,
      release: aInst.releaseId,
      operation: stop.stopInstance.operation.id,
      runningOperation,
      event: events.events.edges[0]!.node.id,
      token: made.createApiToken.apiToken.id,
      tenant: A.tenantGlobalId,
      secretKey,
      instanceName: aInst.name,
      tenantName: A.tenantName,
      idempotencyKey,
      image,
      label,
    };

    bInst = await seedInstance(client, B.token, { name: `b-inst-${tag}`, services: svc('example.com/b:1') });

    fingerprints = await fingerprintsOf(A.tenantId, [
      ...Object.values(foreign),
      A.token,
      made.createApiToken.token,
      aSecretValue,
      `a-env-${tag}`,
      `a-token-${tag}`,
    ]);
    // B's token records its first use in the background, a moment after it (tokens.ts, TOKEN_TOUCH):
    // let that land before the walk, or apiTokens could show it unused on one side of a pair and used
    // on the other (it changes from null once; later uses within the walk are the same "<time>").
    await until(async () => {
      const rows = await t.database.db
        .selectFrom('api_tokens')
        .select('last_used_at')
        .where('tenant_id', '=', B.tenantId)
        .where('token_hash', '=', hashToken(B.token))
        .execute();
      return rows.length === 1 && rows[0]!.last_used_at !== null;
    }, 30_000);
  });

  afterAll(async () => {
    releaseHold();
    await t?.stop();
  });

  /** A's ids (raw and global) from every table, its event ids as global ids, plus `extra`. */
  async function fingerprintsOf(tenantId: string, extra: string[]): Promise<string[]> {
    const db = t.database.db;
    const out = new Set(extra.filter((s) => s.length >= 6));
    const add = (type: string, id: string) => {
      out.add(id);
      out.add(globalId(type, id));
    };
    add('Tenant', tenantId);
    for (const r of await db.selectFrom('instances').select('id').where('tenant_id', '=', tenantId).execute())
      add('Instance', r.id);
    for (const r of await db.selectFrom('releases').select('id').where('tenant_id', '=', tenantId).execute())
      add('Release', r.id);
    for (const r of await db.selectFrom('operations').select('id').where('tenant_id', '=', tenantId).execute())
      add('Operation', r.id);
    for (const r of await db.selectFrom('api_tokens').select('id').where('tenant_id', '=', tenantId).execute())
      add('ApiToken', r.id);
    for (const r of await db.selectFrom('events').select('id').where('tenant_id', '=', tenantId).execute()) {
      out.add(globalId('Event', String(r.id)));
    }
    return [...out];
  }

  /** Everything of A's, as A and as the database see it, minus what moves on its own (leases, last use). */
  async function snapshotOfA(): Promise<unknown> {
    const db = t.database.db;
    const strip = (rows: Record<string, unknown>[]) =>
      rows.map((r) => {
        const { lease_expires_at: _l, lease_owner: _o, last_used_at: _u, ...rest } = r;
        return rest;
      });
    const tables = [
      'instances',
      'releases',
      'operations',
      'events',
      'secrets',
      'api_tokens',
      'kept_volumes',
      'schedules',
    ] as const;
    const rows: Record<string, unknown> = {};
    for (const table of tables) {
      rows[table] = strip(
        (await db.selectFrom(table).selectAll().where('tenant_id', '=', A.tenantId).orderBy('id').execute()) as Record<
          string,
          unknown
        >[],
      );
    }
    const view = await client.data(
      A.token,
      `query($id: ID!) {
        instance(id: $id) ${selectAll(schema, rootFields('query').instance!.type, 3)}
        secrets(first: 100) { edges { node { key version createdAt updatedAt } } }
        apiTokens(first: 100) { edges { node { id name scopes revokedAt expiresAt } } }
        events(first: 100) { edges { node { id type message } } }
      }`,
      { id: aInst.id },
    );
    const vault = await t.app.services.secrets.resolve(A.tenantId, [foreign.secretKey]);
    return { rows, view, vault };
  }

  it('has a row for every root field (a new field needs one)', () => {
    for (const kind of ['query', 'mutation', 'subscription'] as const) {
      const fields = Object.keys(rootFields(kind)).sort();
      const missing = fields.filter((f) => !ROWS[kind][f]);
      expect(missing, `${kind} fields with no isolation row: add one to ROWS.${kind}`).toEqual([]);
      if (kind !== 'subscription') {
        const stale = Object.keys(ROWS[kind]).filter((f) => !fields.includes(f));
        expect(stale, `rows for ${kind} fields that no longer exist`).toEqual([]);
      }
    }
  });

  it('answers B on A’s objects exactly as on random ids, and A’s objects are unchanged', async () => {
    const before = await snapshotOfA();
    const random = randomIds();
    const own: Own = { instance: bInst.id };
    const compared: string[] = [];

    for (const kind of ['query', 'mutation'] as const) {
      for (const [name, field] of Object.entries(rootFields(kind))) {
        const row = ROWS[kind][name];
        if (!row) continue; // reported by the test above
        const probesF = row(foreign, own);
        const probesR = row(random, own);
        for (const [i, pf] of probesF.entries()) {
          const pr = probesR[i]!;
          const label = `${kind} ${name} #${i}`;
          const selection = pf.selection ?? selectAll(schema, field.type, pf.depth ?? 3);
          const onA = await client.request(B.token, ...opArgs(operationOn(kind, field, pf.args, selection)));
          const onRandom = await client.request(B.token, ...opArgs(operationOn(kind, field, pr.args, selection)));
          expect(onA.status, `${label}: status`).toBe(onRandom.status);
          // Errors without a path are about the request itself (validation, limits): the probe is broken, not the server.
          expect(requestErrors(onA.body.errors), `${label}: the probe itself was refused`).toEqual([]);
          const a = JSON.parse(normalise(onA.text, foreign));
          const r = JSON.parse(normalise(onRandom.text, random));
          expect(a, `${label}: B on A's ids differs from B on random ids`).toEqual(r);
          if (pf.expect)
            expect((a.data?.[name] as { __typename?: string })?.__typename, `${label}: result`).toBe(pf.expect);
          const leaked = fingerprints.filter((f) => normalise(onA.text, foreign).includes(f));
          expect(leaked, `${label}: A's data in B's answer`).toEqual([]);
          compared.push(label);
        }
      }
    }
    expect(compared.length).toBeGreaterThan(40);

    // Subscriptions, when the schema has them: over graphql-ws with B's token.
    const subs = Object.entries(rootFields('subscription'));
    if (subs.length > 0) {
      const ws = wsClient(t.wsUrl, B.token);
      try {
        const runs = subs.flatMap(([name, field]) => {
          const row = ROWS.subscription[name];
          if (!row) return [];
          const probesR = row(random, own);
          return row(foreign, own).map(async (pf, i) => {
            const pr = probesR[i]!;
            const selection = pf.selection ?? selectAll(schema, field.type, pf.depth ?? 2);
            const [onA, onRandom] = await Promise.all([
              firstOutcome(ws, operationOn('subscription', field, pf.args, selection)),
              firstOutcome(ws, operationOn('subscription', field, pr.args, selection)),
            ]);
            const label = `subscription ${name} #${i}`;
            expect(JSON.stringify(onA), `${label}: the probe itself was refused`).not.toMatch(PROBE_REFUSED);
            const a = JSON.parse(normalise(JSON.stringify(onA), foreign));
            const r = JSON.parse(normalise(JSON.stringify(onRandom), random));
            expect(a, `${label}: B on A's ids differs from B on random ids`).toEqual(r);
            const leaked = fingerprints.filter((f) => normalise(JSON.stringify(onA), foreign).includes(f));
            expect(leaked, `${label}: A's data in B's stream`).toEqual([]);
          });
        });
        await Promise.all(runs);
      } finally {
        await ws.dispose();
      }
    }

    expect(await snapshotOfA()).toEqual(before);
    // The queued operation B tried to cancel is still queued, the running one still runs.
    const ops = await client.data<{ a: { status: string }; b: { status: string } }>(
      A.token,
      'query($a: ID!, $b: ID!) { a: operation(id: $a) { status } b: operation(id: $b) { status } }',
      { a: foreign.operation, b: foreign.runningOperation },
    );
    expect(ops).toEqual({ a: { status: 'QUEUED' }, b: { status: 'RUNNING' } });
  });

  it('never delivers A’s events on B’s tenant feed (subscription events)', async () => {
    const field = rootFields('subscription').events;
    if (!field) return; // not in the schema yet
    const ws = wsClient(t.wsUrl, B.token);
    const seen: unknown[] = [];
    const marker = `b-marker-${randomUUID()}`;
    try {
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`B's own event never arrived: ${JSON.stringify(seen)}`)),
          15_000,
        );
        const dispose = ws.subscribe(
          operationOn(
            'subscription',
            field,
            {},
            '{ __typename id type message data instance { id name } operation { id } }',
          ),
          {
            next: (payload) => {
              seen.push(payload);
              if (JSON.stringify(payload).includes(marker)) {
                clearTimeout(timer);
                dispose();
                resolve();
              }
            },
            error: (e) => {
              clearTimeout(timer);
              reject(new Error(JSON.stringify(errorsOf(e))));
            },
            complete: () => {},
          },
        );
      });
      // Let the subscription start, then A writes, then B writes its marker.
      await new Promise((r) => setTimeout(r, 300));
      const aKey = `a-live-${randomUUID()}`;
      await client.data(A.token, 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }', {
        i: { key: aKey, value: 'x' },
      });
      await client.data(A.token, 'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { __typename } }', {
        i: { name: aKey, scopes: ['READ'] },
      });
      await client.data(B.token, 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }', {
        i: { key: marker, value: 'x' },
      });
      await done;
      const text = JSON.stringify(seen);
      expect(text).not.toContain(aKey);
      const aEvents = await fingerprintsOf(A.tenantId, []);
      expect(aEvents.filter((f) => text.includes(f))).toEqual([]);
    } finally {
      await ws.dispose();
    }
  });
});

/** Errors about the request as a whole (no path): a malformed probe. */
function requestErrors(errors: { message: string; path?: unknown }[] | undefined): string[] {
  return (errors ?? []).filter((e) => !e.path).map((e) => e.message);
}

/** What a validation or limit error says: a probe the server could not even run. */
const PROBE_REFUSED = /Cannot query field|Unknown argument|Variable "\$|conflict|Syntax Error|limit of|Unknown type/;

function opArgs(op: { query: string; variables: Record<string, unknown> }): [string, Record<string, unknown>] {
  return [op.query, op.variables];
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}
