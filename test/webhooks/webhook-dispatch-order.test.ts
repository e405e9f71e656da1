/**
 * Which webhooks a dispatch pass takes first: the ones furthest behind in the
 * event log, not the lowest ids. In id order, while events keep coming the
 * first webhooks are behind again at every pass and the last ones wait (the
 * scale bench, issue 38, saw a 9 s p99 where the median was a few hundred ms).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { withTransaction } from '../../src/db/db-types.js';
import {
  appendEvents,
  eventHorizon,
  eventPosition,
  positionColumns,
} from '../../src/db/repositories/event-repository.js';
import { ensureTenant } from '../../src/db/repositories/tenant-repository.js';
import { insertWebhook, lockWebhooksBehind } from '../../src/db/repositories/webhook-repository.js';
import { openTestDatabase } from '../support/database.js';

describe('a dispatch pass', () => {
  let database: DatabaseHandle;
  const low = `00000000-0000-4000-8000-${randomUUID().slice(-12)}`;
  const high = `ffffffff-ffff-4fff-8fff-${randomUUID().slice(-12)}`;

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    const tenants = [randomUUID(), randomUUID()] as const;
    for (const id of tenants) await ensureTenant(db, { id, name: `order-${id.slice(0, 8)}` });
    const event = (tenantId: string) => ({
      tenant_id: tenantId,
      instance_id: null,
      operation_id: null,
      type: 'order.test',
      message: 'x',
    });
    const hook = (id: string, tenantId: string, cursor: ReturnType<typeof positionColumns>) =>
      insertWebhook(db, {
        id,
        tenant_id: tenantId,
        url: 'http://127.0.0.1:9/hook',
        secret_ciphertext: 'x',
        secret_iv: 'x',
        secret_auth_tag: 'x',
        ...cursor,
      });
    // The high id has waited since before the first event; the low id only since the second.
    await hook(high, tenants[1], positionColumns(await eventHorizon(db)));
    const first = await withTransaction(db, (tx) => appendEvents(tx, [event(tenants[0]), event(tenants[1])]));
    // The low id's cursor is the first pair's last event itself, not the horizon: on a shared
    // Postgres server other files' open transactions hold the horizon back, and a cursor taken
    // from it could sit level with the high id's, so the tie went to the lower id.
    const firstLast = first.at(-1);
    if (!firstLast) throw new Error('no event appended');
    await hook(low, tenants[0], positionColumns(eventPosition(firstLast)));
    await withTransaction(db, (tx) => appendEvents(tx, [event(tenants[0]), event(tenants[1])]));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('takes the webhook furthest behind first, whatever its id', async () => {
    // Both behind once the log's horizon (the server's oldest open transaction) has passed the events.
    const until = Date.now() + 30_000;
    while ((await withTransaction(database.db, (tx) => lockWebhooksBehind(tx, 2))).length < 2) {
      if (Date.now() > until) throw new Error('the events never fell below the horizon');
      await new Promise((r) => setTimeout(r, 100));
    }
    const taken = await withTransaction(database.db, (tx) => lockWebhooksBehind(tx, 1));
    expect(taken.map((w) => w.id)).toEqual([high]);
  });
});
