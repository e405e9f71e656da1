/**
 * A supervisor pass over a fleet larger than one claim (issue 38's scale
 * bench found both): every instance due is observed in one pass, not one
 * batch of them per pause; and an observation that changes nothing is not
 * written (the claim stamped it observed), so a fleet at rest costs a few
 * reads per instance. Statements are counted with the database layer's
 * observer; the provider is the fake of our Provider contract.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationSignal } from '../../src/control/operation-signal.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { json } from '../../src/db/db-types.js';
import * as instances from '../../src/db/repositories/instance-repository.js';
import { ensureTenant } from '../../src/db/repositories/tenant-repository.js';
import { createLogger } from '../../src/logger.js';
import { Registry } from '../../src/providers/registry.js';
import { Supervisor } from '../../src/worker/supervisor.js';
import { openTestDatabase } from '../support/database.js';
import { FakeProvider } from '../support/fake-provider.js';
import { instanceRow } from '../support/instance-row.js';
import { provisionRequest, serviceSpec } from '../support/service-spec.js';

/** More than two claims' worth (the supervisor claims BATCH at a time). */
const FLEET = 120;
const BATCH = 50;

describe('a supervisor pass over a fleet', () => {
  let database: DatabaseHandle;
  let recording = false;
  const statements: string[] = [];
  const provider = new FakeProvider();
  const ids: string[] = [];
  let supervisor: Supervisor;

  beforeAll(async () => {
    database = await openTestDatabase((sql) => {
      if (recording) statements.push(sql);
    });
    const tenantId = randomUUID();
    await ensureTenant(database.db, { id: tenantId, name: `pass-${tenantId.slice(0, 8)}` });
    const services = [serviceSpec({ name: 'web', image: 'team/web:1' })];
    for (let i = 0; i < FLEET; i++) {
      const id = randomUUID();
      ids.push(id);
      await instances.insertInstance(
        database.db,
        instanceRow({ id, tenant_id: tenantId, name: `pass-${i}`, provider_key: 'fake', services: json(services) }),
      );
      await provider.provision({ signal: AbortSignal.timeout(5_000) }, provisionRequest(id, `pass-${i}`, services));
    }
    const registry = new Registry();
    registry.register('fake', provider);
    supervisor = new Supervisor({
      db: database.db,
      registry,
      signal: new OperationSignal(),
      logger: createLogger('silent'),
      intervalMs: 60_000,
      batch: BATCH,
      sweepOrphans: false,
      followChanges: false,
      autoscale: false,
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The fleet's status calls during `fn`. */
  const statusCalls = async (fn: () => Promise<void>) => {
    const before = provider.calls.filter((c) => c.method === 'status').length;
    await fn();
    return provider.calls.slice(before).filter((c) => c.method === 'status' && ids.includes(c.instanceId));
  };

  it('observes every due instance in one pass, a claim after another', async () => {
    const seen = await statusCalls(() => supervisor.tick());
    expect(new Set(seen.map((c) => c.instanceId)).size).toBe(FLEET);
    const unobserved = await database.db
      .selectFrom('instances')
      .select('id')
      .where('id', 'in', ids)
      .where('observed_at', 'is', null)
      .execute();
    expect(unobserved).toEqual([]);
  });

  it('writes nothing for observations that change nothing: a few reads per instance', async () => {
    // Due again; the first pass recorded what the fake reports, so nothing differs now.
    await database.db.updateTable('instances').set({ observed_at: null }).where('id', 'in', ids).execute();
    statements.length = 0;
    recording = true;
    const seen = await statusCalls(() => supervisor.tick());
    recording = false;
    expect(new Set(seen.map((c) => c.instanceId)).size).toBe(FLEET);
    // The claims are the only writes; every instance costs its read, two checks for an open operation, its heals.
    expect(statements.filter((s) => /^update "instances"|^begin|^insert into "events"/i.test(s.trim()))).toEqual([]);
    expect(statements.length).toBeLessThanOrEqual(FLEET * 4 + Math.ceil(FLEET / BATCH) + 1);
  });
});
