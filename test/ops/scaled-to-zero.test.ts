import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeployInstanceDocument,
  DeprovisionInstanceDocument,
  InstanceDocument,
  ProvisionInstanceDocument,
  RollbackInstanceDocument,
  ScaleInstanceDocument,
} from '../../src/client/index.js';
import { query, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';

const skip = !(await dockerOrSkip());

describe.skipIf(skip)('an instance at rest (its only service scaled to zero), on the real engine', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let instanceId = '';
  beforeAll(async () => {
    t = await startDockerApp({ executor: { pollMs: 200 } });
    tenant = await t.newTenant();
  }, 120_000);
  afterAll(async () => {
    if (instanceId)
      await query(t.url, tenant.token, DeprovisionInstanceDocument, { input: { instanceId, wait: true } }).catch(
        () => {},
      );
    await t?.stop();
  });

  it('takes a deploy and a rollback, which roll out their release and bring it up (only a stop its owner asked for refuses them)', async () => {
    const p = await query(t.url, tenant.token, ProvisionInstanceDocument, {
      input: {
        name: `rest-${randomUUID().slice(0, 8)}`,
        provider: 'docker',
        services: [{ name: 'web', image: TEST_IMAGES.web1, ports: [{ container: 8080 }] }],
        wait: true,
      },
    });
    if (p.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    instanceId = p.provisionInstance.instance.id;
    const firstRelease = p.provisionInstance.instance.currentRelease?.id;
    expect(p.provisionInstance.operation.status).toBe('SUCCEEDED');

    const toZero = async () => {
      const scaled = await query(t.url, tenant.token, ScaleInstanceDocument, {
        input: { instanceId, service: 'web', resources: { replicas: 0 }, wait: true },
      });
      if (scaled.scaleInstance.__typename !== 'ScaleInstancePayload') throw new Error(JSON.stringify(scaled));
      expect(scaled.scaleInstance.operation.status).toBe('SUCCEEDED');
      expect(scaled.scaleInstance.instance).toMatchObject({ state: 'STOPPED', desiredState: 'RUNNING' });
    };

    await toZero();
    const deployed = await query(t.url, tenant.token, DeployInstanceDocument, {
      input: {
        instanceId,
        services: [{ name: 'web', image: TEST_IMAGES.web2, ports: [{ container: 8080 }] }],
        wait: true,
      },
    });
    if (deployed.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(deployed));
    expect(deployed.deployInstance.operation.status, JSON.stringify(deployed.deployInstance.operation.error)).toBe(
      'SUCCEEDED',
    );
    expect(deployed.deployInstance.instance).toMatchObject({ state: 'RUNNING', ready: true });
    expect(deployed.deployInstance.instance.services.map((s) => s.image)).toEqual([TEST_IMAGES.web2]);

    await toZero();
    const rolledBack = await query(t.url, tenant.token, RollbackInstanceDocument, {
      input: { instanceId, releaseId: firstRelease!, wait: true },
    });
    if (rolledBack.rollbackInstance.__typename !== 'RollbackInstancePayload')
      throw new Error(JSON.stringify(rolledBack));
    expect(rolledBack.rollbackInstance.operation.status).toBe('SUCCEEDED');
    const now = await query(t.url, tenant.token, InstanceDocument, { id: instanceId });
    expect(now.instance).toMatchObject({ state: 'RUNNING', ready: true });
    expect(now.instance?.services.map((s) => s.image)).toEqual([TEST_IMAGES.web1]);
  }, 240_000);
});
