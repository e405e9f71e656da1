/**
 * `maxP99Ms` through the API, by what the provider's canary engine can do:
 * a canary engine that does not measure response times refuses it on deploy
 * and rollback with a ValidationError naming the field, rather than taking a
 * limit it would never check; one that measures them (`measuresLatency`)
 * takes it. The canary engines here are fakes: validation refuses before any
 * of their methods would run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanaryEngine } from '../../src/providers/progressive.js';
import { Registry } from '../../src/providers/registry.js';
import { gql, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';

const never = () => Promise.reject(new Error('not reached: validation refuses first'));

/** A fake provider with a canary engine; `measures` says whether it measures response times. */
function canaryFake(measures: boolean): FakeProvider {
  const engine: CanaryEngine = {
    ...(measures ? { measuresLatency: true } : {}),
    startCanary: never,
    setCanaryWeight: never,
    readCanary: never,
    promoteCanary: never,
    abortCanary: never,
  };
  return new FakeProvider({ engines: { canary: engine } });
}

const DEPLOY = `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename
  ... on ValidationError { fieldErrors { path message } } ... on Error { message } } }`;
const ROLLBACK = `mutation($input: RollbackInstanceInput!) { rollbackInstance(input: $input) { __typename
  ... on ValidationError { fieldErrors { path message } } ... on Error { message } } }`;

describe('maxP99Ms and the canary engine', () => {
  let app: TestApp;
  let tenant: TestTenant;
  const instances: Record<string, { id: string; release: string }> = {};

  beforeAll(async () => {
    const registry = new Registry();
    registry.register('blind', canaryFake(false));
    registry.register('timed', canaryFake(true));
    app = await startTestApp({ registry, executor: { pollMs: 100 } });
    tenant = await app.newTenant();
    for (const key of ['blind', 'timed']) {
      const r = await gql(
        app,
        tenant.token,
        `mutation($input: ProvisionInstanceInput!) { provisionInstance(input: $input) { __typename
          ... on Error { message } ... on ProvisionInstancePayload { instance { id currentRelease { id } } operation { status } } } }`,
        { input: { name: `p99-${key}`, provider: key, wait: true, services: [{ name: 'web', image: 'shop/web:1' }] } },
      );
      expect(r.provisionInstance.operation?.status, JSON.stringify(r)).toBe('SUCCEEDED');
      instances[key] = { id: r.provisionInstance.instance.id, release: r.provisionInstance.instance.currentRelease.id };
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function deployErrors(key: string, analysis: object): Promise<string[]> {
    const r = await gql(app, tenant.token, DEPLOY, {
      input: {
        instanceId: instances[key]!.id,
        strategy: 'CANARY',
        services: [{ name: 'web', image: 'shop/web:2' }],
        canary: { steps: [{ weight: 10 }], analysis },
      },
    });
    // The instance has no route, so every canary deploy here is refused: which fields it names is the point.
    expect(r.deployInstance.__typename, JSON.stringify(r)).toBe('ValidationError');
    return r.deployInstance.fieldErrors.map(
      (e: { path: string[]; message: string }) => `${e.path.join('.')}: ${e.message}`,
    );
  }

  it('a canary engine that measures no response times refuses maxP99Ms on deploy, naming the field', async () => {
    const errors = await deployErrors('blind', { maxP99Ms: 200 });
    expect(errors).toContain(
      "input.canary.analysis.maxP99Ms: this provider's canary analysis does not measure response times: leave maxP99Ms out",
    );
    // Without the limit only the missing route is refused.
    expect((await deployErrors('blind', { maxErrorRate: 0.1 })).some((e) => e.includes('maxP99Ms'))).toBe(false);
  });

  it('one that measures them takes it', async () => {
    const errors = await deployErrors('timed', { maxP99Ms: 200 });
    expect(errors.some((e) => e.includes('maxP99Ms'))).toBe(false);
    expect(errors.some((e) => e.startsWith('input.services.0.name'))).toBe(true);
  });

  it('a canary rollback is refused the same way', async () => {
    const r = await gql(app, tenant.token, ROLLBACK, {
      input: {
        instanceId: instances.blind!.id,
        releaseId: instances.blind!.release,
        strategy: 'CANARY',
        canary: { steps: [{ weight: 10 }], analysis: { maxP99Ms: 200 } },
      },
    });
    expect(r.rollbackInstance.__typename, JSON.stringify(r)).toBe('ValidationError');
    expect(r.rollbackInstance.fieldErrors).toEqual([
      {
        path: ['input', 'canary', 'analysis', 'maxP99Ms'],
        message: "this provider's canary analysis does not measure response times: leave maxP99Ms out",
      },
    ]);
  });
});
