import { randomUUID } from 'node:crypto';
import * as fc from 'fast-check';
import { type DocumentNode, print } from 'graphql';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { query, startTestApp, type TestApp, type TestTenant, tenantRowCounts } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';

/**
 * Random and hostile input thrown at every mutation over HTTP. Whatever comes
 * in, the server answers with a typed result-union member or a GraphQL-level
 * error about the request (never a 5xx, never a masked internal error), stays
 * up, and a refused request writes nothing.
 */

const Provision = graphql(`
  mutation CtlFuzzProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { id status } }
      ... on ValidationError { fieldErrors { path message } }
      ... on Error { message }
    }
  }
`);
const Deploy = graphql(`
  mutation CtlFuzzDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }
  }
`);
const Scale = graphql(`
  mutation CtlFuzzScale($input: ScaleInstanceInput!) {
    scaleInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }
  }
`);
const Rollback = graphql(`
  mutation CtlFuzzRollback($input: RollbackInstanceInput!) {
    rollbackInstance(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }
  }
`);
const Start = graphql(`
  mutation CtlFuzzStart($input: InstanceActionInput!) {
    startInstance(input: $input) { __typename ... on Error { message } }
  }
`);
const Stop = graphql(`
  mutation CtlFuzzStop($input: InstanceActionInput!) {
    stopInstance(input: $input) { __typename ... on Error { message } }
  }
`);
const Restart = graphql(`
  mutation CtlFuzzRestart($input: InstanceActionInput!) {
    restartInstance(input: $input) { __typename ... on Error { message } }
  }
`);
const Deprovision = graphql(`
  mutation CtlFuzzDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on Error { message } }
  }
`);
const Exec = graphql(`
  mutation CtlFuzzExec($input: ExecInstanceInput!) {
    execInstance(input: $input) {
      __typename
      ... on ExecInstancePayload { exitCode }
      ... on ValidationError { fieldErrors { path } }
      ... on Error { message }
    }
  }
`);
const Cancel = graphql(`
  mutation CtlFuzzCancel($input: CancelOperationInput!) {
    cancelOperation(input: $input) { __typename ... on Error { message } }
  }
`);
const PutSecret = graphql(`
  mutation CtlFuzzPutSecret($input: PutSecretInput!) {
    putSecret(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }
  }
`);
const DeleteSecret = graphql(`
  mutation CtlFuzzDeleteSecret($input: DeleteSecretInput!) {
    deleteSecret(input: $input) { __typename ... on Error { message } }
  }
`);
const CreateApiToken = graphql(`
  mutation CtlFuzzCreateApiToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }
  }
`);
const RevokeApiToken = graphql(`
  mutation CtlFuzzRevokeApiToken($input: RevokeApiTokenInput!) {
    revokeApiToken(input: $input) { __typename ... on Error { message } }
  }
`);
const CreateTenant = graphql(`
  mutation CtlFuzzCreateTenant($input: CreateTenantInput!) {
    createTenant(input: $input) { __typename ... on ValidationError { fieldErrors { path } } ... on Error { message } }
  }
`);
const Viewer = graphql(`
  query CtlFuzzViewer { viewer { scopes tenant { id name } } }
`);

// ---- hostile values

const HOSTILE = [
  "'; drop table instances; --",
  '" or 1=1 --',
  '{{ .Values.secret }}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal template-injection attempt
  '${process.env.HOME}',
  '../../etc/passwd',
  '/../../etc',
  '\u0000',
  'a\u0000b',
  '%00',
  '<script>alert(1)</script>',
  '\u202e\u200b\ufeff',
  '🚀🔥',
  'ﷺ',
  '\ud800',
  ' ',
  '',
  '-',
  'web',
  'a',
  'MAIN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
];

const giant = fc.constantFrom('x'.repeat(100_000), 'é'.repeat(50_000), `${'a-'.repeat(40_000)}a`);

/** Strings: random, full unicode, injection attempts, giant, and a few plausible ones. */
const str = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/) },
  { weight: 1, arbitrary: giant },
);

const image = fc.oneof(str, fc.constantFrom('team/web:1', 'registry.example.com:5000/a/b:2', 'busybox'));

/** Ints: anything an Int may be, plus the edges our rules care about. Huge ones are GraphQL-level errors. */
const int = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -10, max: 70_000 }) },
  { weight: 4, arbitrary: fc.integer() },
  { weight: 6, arbitrary: fc.constantFrom(0, -1, 1, 6, 50, 51, 65_535, 65_536, 2 ** 31 - 1, -(2 ** 31)) },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 60), 1.5, 1e308) },
);

/** Arrays nested deeper than any input wants. */
const deep = fc.integer({ min: 2, max: 400 }).map((depth) => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
});

/** Now and then, any JSON at all where a typed value belongs (a GraphQL-level error). */
function wild<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 60, arbitrary: arb },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: deep },
  );
}

/** Absent, null or a value. */
function opt<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null | undefined> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 3, arbitrary: arb },
  );
}

const list = <T>(arb: fc.Arbitrary<T>, maxLength = 4) => fc.array(arb, { maxLength });
const strList = fc.oneof(
  { weight: 5, arbitrary: list(str) },
  { weight: 1, arbitrary: fc.array(str, { maxLength: 300 }) },
);

/** Drops undefined fields (absent, not null). */
function rec<T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) {
  return fc
    .record(fields)
    .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, unknown>);
}

/**
 * The input shapes, in two flavours: `hostile` puts wrong types, out-of-range
 * Ints and unknown enum values anywhere (mostly GraphQL-level errors: each
 * field is a chance), `typed` keeps every value coercible so the input reaches
 * our own rules with hostile strings and numbers.
 */
function shapes(hostile: boolean) {
  const w = hostile ? wild : <T>(a: fc.Arbitrary<T>) => a;
  const i = hostile
    ? int
    : fc.oneof(fc.integer({ min: -10, max: 70_000 }), fc.integer(), fc.constantFrom(0, -1, 6, 65_536));
  const e = (...values: string[]) =>
    hostile
      ? fc.oneof(
          { weight: 12, arbitrary: fc.constantFrom(...values) },
          { weight: 1, arbitrary: fc.constantFrom('BOGUS', 'main') },
        )
      : fc.constantFrom(...values);
  const env = list(rec({ name: w(str), value: w(str) }));
  const labels = list(rec({ key: w(str), value: w(str) }));
  const resources = rec({
    cpuMillis: opt(w(i)),
    memoryMb: opt(w(i)),
    diskMb: opt(w(i)),
    replicas: opt(w(i)),
    gpu: opt(str),
  });
  const ports = list(rec({ container: w(i), host: opt(i), protocol: opt(e('TCP', 'UDP')) }));
  const healthCheck = rec({
    path: opt(str),
    port: w(i),
    intervalSeconds: opt(i),
    timeoutSeconds: opt(i),
    retries: opt(i),
  });
  const service = rec({
    name: w(fc.oneof(str, fc.constantFrom('web', 'side'))),
    image: w(image),
    role: opt(e('MAIN', 'SIDECAR', 'INIT')),
    dependsOn: opt(w(list(fc.oneof(str, fc.constantFrom('web', 'side'))))),
    resources: opt(resources),
    env: opt(w(env)),
    ports: opt(ports),
    volumes: opt(list(rec({ name: str, mountPath: str, sizeMb: opt(i), type: opt(str) }))),
    healthCheck: opt(healthCheck),
    secrets: opt(list(rec({ key: str, envName: opt(str) }))),
    configFiles: opt(list(rec({ name: str, path: str, format: opt(e('JSON', 'YAML', 'ENV', 'TEXT')), content: str }))),
    command: opt(w(strList)),
    args: opt(strList),
    annotations: opt(labels),
  });
  const deployService = rec({
    name: fc.oneof(fc.constant('web'), str),
    image: w(image),
    env: opt(env),
    command: opt(strList),
    args: opt(strList),
    ports: opt(ports),
    resources: opt(resources),
    healthCheck: opt(healthCheck),
  });
  const control = { idempotencyKey: opt(str), wait: opt(fc.boolean()), expectedVersion: opt(w(i)) };
  return { w, i, e, labels, resources, service, deployService, control };
}

/** Free text in an otherwise valid service: hostile content that passes the shape rules and reaches storage. */
const plausibleService = rec({
  name: fc.constant('web'),
  image: fc.constantFrom('team/web:1', 'team/web:2'),
  env: opt(list(rec({ name: fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,10}$/), value: str }))),
  command: opt(list(str)),
  args: opt(list(str)),
  annotations: opt(list(rec({ key: fc.stringMatching(/^[a-z]{1,10}$/), value: str }))),
  configFiles: opt(
    list(
      rec({ name: fc.stringMatching(/^[a-z]{1,8}$/), path: fc.stringMatching(/^\/etc\/[a-z]{1,8}$/), content: str }),
      2,
    ),
  ),
  healthCheck: opt(rec({ path: opt(str), port: fc.integer({ min: 1, max: 65_535 }) })),
});

/** Half hostile, half typed: `build` makes the input from either flavour's shapes. */
function both(build: (a: ReturnType<typeof shapes>) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(build(shapes(true)), build(shapes(false)));
}

// ---- the harness

interface Target {
  field: string;
  document: DocumentNode;
  input: fc.Arbitrary<unknown>;
}

describe('hostile input on every mutation never breaks the server or writes half a change', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const fake = new FakeProvider();
  const providerKey = `fake-${randomUUID().slice(0, 8)}`;
  /** A live instance per mutation, so one mutation's accepted input does not decide another's. */
  const live: Record<string, { id: string; releaseId: string; operationId: string }> = {};
  const tenantGid = () => Buffer.from(`Tenant:${tenant.tenantId}`).toString('base64');

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(providerKey, fake);
    t = await startTestApp({
      registry,
      executor: { pollMs: 50 },
      config: { mutationRateLimitPerMinute: 1_000_000 },
    });
    tenant = await t.newTenant();
    for (const field of ['deploy', 'scale', 'rollback', 'start', 'stop', 'restart', 'deprovision', 'exec', 'cancel']) {
      const r = await query(t.url, tenant.token, Provision, {
        input: {
          name: `fuzz-${field}`,
          provider: providerKey,
          services: [{ name: 'web', image: 'team/web:1' }],
          wait: true,
        },
      });
      if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
      live[field] = {
        id: r.provisionInstance.instance.id,
        releaseId: r.provisionInstance.instance.currentRelease!.id,
        operationId: r.provisionInstance.operation.id,
      };
    }
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  /** A global id: the live one, one of a made-up object of the right type, or anything. */
  const idOf = (type: string, real: () => string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(null).map(real) },
      { weight: 1, arbitrary: fc.uuid().map((u) => Buffer.from(`${type}:${u}`).toString('base64')) },
      { weight: 1, arbitrary: str.map((s) => Buffer.from(`${type}:${s}`).toString('base64')) },
      { weight: 2, arbitrary: str },
    );
  const instanceId = (field: string, w: ReturnType<typeof shapes>['w']) => w(idOf('Instance', () => live[field]!.id));

  const targets = (): Target[] => [
    {
      field: 'provisionInstance',
      document: Provision,
      input: fc.oneof(
        rec({
          name: fc.stringMatching(/^[a-z][a-z0-9]{0,20}$/),
          provider: fc.constant(providerKey),
          services: plausibleService.map((svc) => [svc]),
          labels: opt(list(rec({ key: fc.stringMatching(/^[a-z]{1,10}$/), value: str }))),
          wait: opt(fc.boolean()),
        }),
        both(({ w, i, e, labels, service }) =>
          rec({
            name: w(str),
            provider: opt(fc.oneof(fc.constant(providerKey), str)),
            kind: opt(e('DEPLOYMENT', 'STATEFUL_SET')),
            services: w(fc.array(service, { maxLength: 4 })),
            labels: opt(labels),
            readiness: opt(rec({ timeoutSeconds: opt(i), intervalSeconds: opt(i) })),
            idempotencyKey: opt(str),
            wait: opt(fc.boolean()),
          }),
        ),
      ),
    },
    {
      field: 'deployInstance',
      document: Deploy,
      input: fc.oneof(
        rec({
          instanceId: fc.constant(null).map(() => live.deploy!.id),
          services: plausibleService.map(({ annotations: _a, configFiles: _c, ...svc }) => svc).map((svc) => [svc]),
        }),
        both(({ w, e, deployService, control }) =>
          rec({
            instanceId: instanceId('deploy', w),
            services: w(fc.array(deployService, { maxLength: 3 })),
            strategy: opt(e('ROLLING', 'RECREATE', 'BLUE_GREEN', 'CANARY')),
            ...control,
          }),
        ),
      ),
    },
    {
      field: 'scaleInstance',
      document: Scale,
      input: both(({ w, resources, control }) =>
        rec({
          instanceId: instanceId('scale', w),
          service: opt(fc.oneof(fc.constant('web'), str)),
          resources: w(resources),
          ...control,
        }),
      ),
    },
    {
      field: 'rollbackInstance',
      document: Rollback,
      input: both(({ w, control }) =>
        rec({
          instanceId: instanceId('rollback', w),
          releaseId: w(idOf('Release', () => live.rollback!.releaseId)),
          ...control,
        }),
      ),
    },
    ...(
      [
        ['startInstance', Start, 'start'],
        ['stopInstance', Stop, 'stop'],
        ['restartInstance', Restart, 'restart'],
        ['deprovisionInstance', Deprovision, 'deprovision'],
      ] as const
    ).map(
      ([field, document, key]): Target => ({
        field,
        document,
        input: both(({ w, control }) => rec({ instanceId: instanceId(key, w), ...control })),
      }),
    ),
    {
      field: 'execInstance',
      document: Exec,
      input: both(({ w, i }) =>
        rec({
          instanceId: instanceId('exec', w),
          service: opt(fc.oneof(fc.constant('web'), str)),
          command: w(strList),
          stdin: opt(fc.oneof(str, giant)),
          timeoutSeconds: opt(i),
        }),
      ),
    },
    {
      field: 'cancelOperation',
      document: Cancel,
      input: both(({ w }) => rec({ operationId: w(idOf('Operation', () => live.cancel!.operationId)) })),
    },
    {
      field: 'putSecret',
      document: PutSecret,
      input: both(({ w }) =>
        rec({ key: w(fc.oneof(str, fc.stringMatching(/^[A-Za-z0-9_.\-/]{1,20}$/))), value: w(str) }),
      ),
    },
    {
      field: 'deleteSecret',
      document: DeleteSecret,
      input: both(({ w }) => rec({ key: w(str) })),
    },
    {
      field: 'createApiToken',
      document: CreateApiToken,
      input: both(({ w, e }) =>
        rec({
          tenantId: opt(fc.oneof(fc.constant(null).map(tenantGid), str)),
          name: w(str),
          scopes: w(list(e('READ', 'DEPLOY', 'EXEC', 'LOGS', 'SECRETS_WRITE', 'ADMIN', 'SYSTEM'))),
          expiresAt: opt(
            fc.oneof(
              fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
              str,
            ),
          ),
        }),
      ),
    },
    {
      field: 'revokeApiToken',
      document: RevokeApiToken,
      // Never the calling token's own id: a made-up token, or anything.
      input: both(({ w }) =>
        rec({ id: w(idOf('ApiToken', () => Buffer.from(`ApiToken:${randomUUID()}`).toString('base64'))) }),
      ),
    },
    { field: 'createTenant', document: CreateTenant, input: both(({ w }) => rec({ name: w(str) })) },
  ];

  async function post(document: DocumentNode, variables: unknown) {
    const res = await fetch(t.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        authorization: `Bearer ${tenant.token}`,
      },
      body: JSON.stringify({ query: print(document), variables }),
    });
    const text = await res.text();
    let body: { data?: Record<string, { __typename?: string } | null> | null; errors?: GraphQLErr[] };
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`HTTP ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body };
  }

  /** Waits until none of the tenant's operations is queued or running, so row counts are stable. */
  async function quiet(): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const r = await sql<{ n: number }>`
        select count(*)::int as n from operations
        where tenant_id = ${tenant.tenantId} and status in ('queued', 'running')`.execute(t.database.db);
      if (r.rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('operations did not settle');
  }

  type GraphQLErr = { message: string; extensions?: { code?: string } };
  const seen = new Map<string, Map<string, number>>();

  it.each(
    [
      'provisionInstance',
      'deployInstance',
      'scaleInstance',
      'rollbackInstance',
      'startInstance',
      'stopInstance',
      'restartInstance',
      'deprovisionInstance',
      'execInstance',
      'cancelOperation',
      'putSecret',
      'deleteSecret',
      'createApiToken',
      'revokeApiToken',
      'createTenant',
    ].map((field) => ({ field })),
  )('$field', async ({ field }) => {
    const target = targets().find((x) => x.field === field)!;
    const outcomes = new Map<string, number>();
    seen.set(field, outcomes);
    let known: Awaited<ReturnType<typeof tenantRowCounts>> | undefined;
    await fc.assert(
      fc.asyncProperty(target.input, (input) => checkOne(input)),
      // A fixed number of inputs, not a time budget: how many ran cannot then depend on the machine's load
      // (a budget let a loaded pass run 14 of 20), and an idle machine does not spend the budget for nothing.
      { numRuns: RUNS },
    );
    async function checkOne(input: unknown): Promise<void> {
      // After a refusal the counts are known (nothing changed); after an acceptance, let its operation end first.
      if (!known) await quiet();
      const before = known ?? (await tenantRowCounts(t.database.db, tenant.tenantId));
      known = undefined;
      const { status, body } = await post(target.document, { input });
      const where = `${field} answered HTTP ${status} ${JSON.stringify(body).slice(0, 500)}`;
      expect(status, where).toBeLessThan(500);
      for (const e of body.errors ?? []) {
        expect(e.extensions?.code, where).not.toBe('INTERNAL_SERVER_ERROR');
        expect(e.message, where).not.toBe('Unexpected error.');
      }
      const result = body.data?.[field];
      let outcome: string;
      if (result) {
        expect(status, where).toBe(200);
        expect(body.errors, where).toBeUndefined();
        expect(result.__typename, where).toMatch(/^[A-Z]\w+$/);
        outcome = result.__typename!;
      } else {
        // A GraphQL-level error about the request: bad variables (4xx), or a refusal with a code.
        expect(body.errors?.length, where).toBeGreaterThan(0);
        if (status === 200) {
          // Every input rule is a typed union member; a 200 with errors would be a rule that escaped.
          expect(
            body.errors!.map((e) => e.extensions?.code),
            where,
          ).toEqual([]);
        }
        outcome = `HTTP ${status} ${body.errors![0]!.extensions?.code ?? 'error'}`;
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (!result || result.__typename!.endsWith('Error')) {
        // Refused: not one row more or less.
        expect(await tenantRowCounts(t.database.db, tenant.tenantId), where).toEqual(before);
        known = before;
      }
    }
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
    // Still serving.
    const viewer = await query(t.url, tenant.token, Viewer, {});
    expect(viewer.viewer.tenant.id).toBe(tenantGid());
  });

  it('refuses a token name with an unpaired surrogate as a ValidationError, not an internal error', async () => {
    const { body } = await post(CreateApiToken, { input: { name: 'a\ud800b', scopes: ['READ'] } });
    expect(body.errors).toBeUndefined();
    expect(body.data?.createApiToken).toMatchObject({ __typename: 'ValidationError' });
  });

  it('saw refusals and acceptances, and the accepted operations never overlapped on the provider', () => {
    const summary = Object.fromEntries([...seen].map(([k, v]) => [k, Object.fromEntries(v)]));
    console.info(`fuzz outcomes: ${JSON.stringify(summary, null, 1)}`);
    const outcomes = [...seen.values()].flatMap((m) => [...m.keys()]);
    expect(outcomes.some((o) => o.endsWith('Payload'))).toBe(true);
    expect(outcomes.some((o) => o === 'ValidationError')).toBe(true);
    expect(outcomes.some((o) => o.startsWith('HTTP 4'))).toBe(true);
    expect(fake.overlaps).toEqual([]);
  });
});

/** Inputs per mutation (WHEELHOUSE_FUZZ_RUNS overrides). */
const RUNS = Number(process.env.WHEELHOUSE_FUZZ_RUNS ?? 30);
