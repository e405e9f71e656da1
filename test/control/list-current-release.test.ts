import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { json } from '../../src/db/db-types.js';
import * as instances from '../../src/db/repositories/instance-repository.js';
import * as releases from '../../src/db/repositories/release-repository.js';
import { ensureTenant } from '../../src/db/repositories/tenant-repository.js';
import { openTestDatabase } from '../support/database.js';
import { instanceRow } from '../support/instance-row.js';
import { serviceSpec } from '../support/service-spec.js';

/** An instance of `tenantId` whose current release is `releaseId` (of any tenant: the foreign key does not say). */
async function instanceWith(db: DatabaseHandle['db'], tenantId: string, name: string, releaseTenant = tenantId) {
  const id = randomUUID();
  const services = [serviceSpec({ name: 'web', image: 'team/web:1' })];
  await instances.insertInstance(
    db,
    instanceRow({ id, tenant_id: tenantId, name, provider_key: 'p', services: json(services) }),
  );
  const owner = releaseTenant === tenantId ? id : (await instanceWith(db, releaseTenant, `${name}-owner`)).id;
  const releaseId = randomUUID();
  await releases.insertRelease(db, {
    id: releaseId,
    tenant_id: releaseTenant,
    instance_id: owner,
    version: releaseTenant === tenantId ? 7 : 8,
    snapshots: json([{ name: 'web', image: 'team/web:1', env: { A: 'ü "quoted"' }, ports: [80] }]),
    strategy: 'rolling',
    operation_id: null,
  });
  await instances.updateInstance(db, id, { current_release_id: releaseId });
  return { id, releaseId };
}

describe('instances read whole for a page carry each current release, read in their own statement', () => {
  let database: DatabaseHandle;
  const a = randomUUID();
  const b = randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase();
    await ensureTenant(database.db, { id: a, name: `a-${a.slice(0, 8)}` });
    await ensureTenant(database.db, { id: b, name: `b-${b.slice(0, 8)}` });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('is the same release the by-id batch reads, field for field', async () => {
    const mine = await instanceWith(database.db, a, 'mine');
    const [listed] = await instances.findListedInstancesByIds(database.db, a, [mine.id]);
    const [byId] = await releases.findReleasesByIds(database.db, a, [mine.releaseId]);
    expect(byId).toBeDefined();
    expect(listed?.current_release).toEqual(byId);
    expect(listed?.current_release?.created_at).toBeInstanceOf(Date);
  });

  it("is null when the row names another tenant's release", async () => {
    const crossed = await instanceWith(database.db, a, 'crossed', b);
    const [listed] = await instances.findListedInstancesByIds(database.db, a, [crossed.id]);
    expect(listed?.id).toBe(crossed.id);
    expect(listed?.current_release_id).toBe(crossed.releaseId);
    expect(listed?.current_release).toBeNull();
    // Positive control: the release is there, for its own tenant.
    expect(await releases.findReleasesByIds(database.db, b, [crossed.releaseId])).toHaveLength(1);
  });
});
