import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleasesDocument } from '../../src/client/index.js';
import type { TestApp } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';
import { localOf } from '../support/seed.js';
import { clientFor, drain, eventIdsInDatabase } from './client-support.js';

const skip = !(await dockerOrSkip());

describe.skipIf(skip)('the client end to end on a real engine', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startDockerApp();
    token = (await t.newTenant()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('provisions, deploys and destroys with the …AndWait helpers while instanceEvents follows to the end', async () => {
    const wh = clientFor(t, token);
    const transitions: string[] = [];
    const { operation, instance } = await wh.provisionAndWait(
      {
        name: `client-${randomUUID().slice(0, 8)}`,
        readiness: { timeoutSeconds: 60, intervalSeconds: 1 },
        services: [
          {
            name: 'web',
            image: TEST_IMAGES.web1,
            ports: [{ container: 8080 }],
            healthCheck: { path: '/healthz', port: 8080 },
          },
        ],
      },
      { onUpdate: (op) => transitions.push(`${op.status}/${op.instance?.ready}`) },
    );
    const id = instance?.id ?? '';
    try {
      expect(operation).toMatchObject({ status: 'SUCCEEDED', readinessOutcome: 'READY' });
      expect(instance).toMatchObject({ state: 'RUNNING', ready: true });
      expect(transitions.at(-1)).toBe('SUCCEEDED/true');
      // Progress came as it happened: at least one update before the end.
      expect(transitions.length).toBeGreaterThan(1);

      const events = drain(wh.instanceEvents(id, { after: '0' }));
      const deployed = await wh.deployAndWait({ instanceId: id, services: [{ name: 'web', image: TEST_IMAGES.web2 }] });
      expect(deployed.operation.status).toBe('SUCCEEDED');
      expect(deployed.instance?.services[0]?.image).toBe(TEST_IMAGES.web2);
      const { releases } = await wh.request(ReleasesDocument, { instanceId: id, first: 10 });
      expect(releases.edges.map((e) => e.node.version)).toEqual([2, 1]);

      const destroyed = await wh.deprovisionAndWait({ instanceId: id });
      expect(destroyed.operation.status).toBe('SUCCEEDED');
      // The stream ends by itself after the transition to DESTROYED, having delivered every event once.
      await events.done;
      expect(events.error()).toBeUndefined();
      expect(events.items.at(-1)).toMatchObject({ type: 'instance.state_changed', toState: 'DESTROYED' });
      // Everything the database holds up to that transition (the operation's own end is recorded after it).
      const recorded = await eventIdsInDatabase(t, id);
      const end = recorded.indexOf(events.items.at(-1)!.cursor);
      expect(end).toBeGreaterThan(0);
      expect(events.items.map((e) => e.cursor)).toEqual(recorded.slice(0, end + 1));
      expect(await dockerLeftovers(undefined, localOf(id))).toEqual([]);
    } finally {
      await wh.deprovisionAndWait({ instanceId: id }).catch(() => undefined);
      await wh.dispose();
    }
  });
});
