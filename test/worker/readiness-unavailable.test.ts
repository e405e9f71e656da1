/**
 * A provider that goes away while an operation waits for readiness: the
 * operation fails PROVIDER_UNAVAILABLE (the instance keeps its last observed
 * state), not READINESS_TIMEOUT, which would blame the workload for the
 * engine's absence. On a fake of our own Provider contract whose status
 * calls are refused as an unreachable engine refuses them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProvisionInstanceDocument, RestartInstanceDocument } from '../../src/client/index.js';
import { Registry } from '../../src/providers/registry.js';
import { query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';

/** The readiness wait of the operation here: short, so the timeout path is reached quickly. */
const READINESS_SECONDS = 2;

describe('an engine that goes away during the readiness wait', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const fake = new FakeProvider();
  const key = `away-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const registry = new Registry();
    registry.register(key, fake);
    t = await startTestApp({ registry, executor: { pollMs: 100 } });
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('fails the operation PROVIDER_UNAVAILABLE, not READINESS_TIMEOUT, and the instance keeps RUNNING', async () => {
    fake.readiness = 'ready';
    const p = await query(t.url, tenant.token, ProvisionInstanceDocument, {
      input: {
        name: `away-${randomUUID().slice(0, 8)}`,
        provider: key,
        wait: true,
        readiness: { timeoutSeconds: READINESS_SECONDS, intervalSeconds: 1 },
        services: [{ name: 'web', image: 'team/web:1' }],
      },
    });
    if (p.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    expect(p.provisionInstance.instance?.state).toBe('RUNNING');

    fake.readiness = 'never';
    // Every status read is refused from now on, as by a stopped dockerd; the restart itself went through.
    fake.failNext('status', 'unavailable', 'cannot reach the engine', 10_000);
    const started = Date.now();
    const r = await query(t.url, tenant.token, RestartInstanceDocument, {
      input: { instanceId: p.provisionInstance.instance!.id, wait: true },
    });
    if (r.restartInstance.__typename !== 'RestartInstancePayload') throw new Error(JSON.stringify(r));
    const { operation, instance } = r.restartInstance;
    expect(operation.status).toBe('FAILED');
    expect(operation.error?.code, operation.error?.message).toBe('PROVIDER_UNAVAILABLE');
    // It waited its readiness timeout first: the engine may have come back within it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(READINESS_SECONDS * 1000);
    // Not marked FAILED for the engine's absence alone: it keeps the state it was last seen in.
    expect(instance?.state).toBe('RUNNING');
  });
});
