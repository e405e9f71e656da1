import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationSignal } from '../../src/control/operation-signal.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { withTransaction } from '../../src/db/db-types.js';
import { announceEnded, announceQueued } from '../../src/db/operation-notifications.js';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { FakeProvider } from '../support/fake-provider.js';

const Provision = graphql(`
  mutation WakeProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { operation { id status } }
      ... on Error { message }
    }
  }
`);

const OperationStatus = graphql(`
  query WakeOperation($id: ID!) {
    operation(id: $id) { status }
  }
`);

/** The executor's poll: far longer than the test waits, so only a notification can wake it in time. */
const POLL_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('operations queued or ended on one replica wake the others (NOTIFY)', () => {
  let database: DatabaseHandle;
  let front: TestApp;
  let worker: TestApp;
  let tenant: TestTenant;
  /** A key of its own: no other test process's executor can claim these operations. */
  const key = `wake-${randomUUID().slice(0, 8)}`;
  const registry = () => {
    const r = new Registry();
    r.register(key, new FakeProvider());
    return r;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    // Two replicas over one database: one only serves the API, the other only runs the executor.
    front = await startTestApp({ database, registry: registry(), config: { runWorker: false } });
    worker = await startTestApp({ database, registry: registry(), executor: { pollMs: POLL_MS } });
    tenant = await front.newTenant();
  });
  afterAll(async () => {
    await front?.stop();
    await worker?.stop();
    await database?.close();
  });

  it("an operation queued on an API-only replica is claimed by another replica's executor long before its poll", async () => {
    const started = Date.now();
    const r = await query(front.url, tenant.token, Provision, {
      input: {
        name: `wake-${randomUUID().slice(0, 8)}`,
        provider: key,
        services: [{ name: 'web', image: 'team/web:1' }],
      },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    const id = r.provisionInstance.operation.id;
    let status = r.provisionInstance.operation.status;
    while (status !== 'SUCCEEDED' && Date.now() - started < POLL_MS) {
      await sleep(50);
      status = (await query(front.url, tenant.token, OperationStatus, { id })).operation!.status;
    }
    expect(status).toBe('SUCCEEDED');
    // Without the notification the executor would sleep out its whole poll first.
    expect(Date.now() - started).toBeLessThan(POLL_MS / 4);
  });

  it('a signal listening on the database hears queued and ended operations announced by another, at commit', async () => {
    const listening = new OperationSignal();
    await listening.listen(database);
    try {
      const operationId = randomUUID();
      let queued = 0;
      const offQueued = listening.onQueued(() => queued++);
      const ended = new Promise<void>((resolve) => listening.onceEnded(operationId, resolve));
      let heardBeforeCommit = false;
      await withTransaction(database.db, async (tx) => {
        await announceQueued(tx);
        await announceEnded(tx, operationId);
        await sleep(100);
        heardBeforeCommit = queued > 0;
      });
      await ended;
      offQueued();
      expect(heardBeforeCommit).toBe(false);
      expect(queued).toBeGreaterThan(0);
    } finally {
      await listening.stop();
    }
  });
});
