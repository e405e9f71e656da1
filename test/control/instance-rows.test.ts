import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceRows } from '../../src/control/instance-rows.js';
import { QueryService } from '../../src/control/queries.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { json } from '../../src/db/db-types.js';
import * as instances from '../../src/db/repositories/instance-repository.js';
import * as releases from '../../src/db/repositories/release-repository.js';
import { ensureTenant } from '../../src/db/repositories/tenant-repository.js';
import { openTestDatabase } from '../support/database.js';
import { instanceRow } from '../support/instance-row.js';
import { serviceSpec } from '../support/service-spec.js';

/**
 * A page of instances reads where its rows stand (id and row version) and
 * reads whole only the rows it has not read at that version. Whoever writes a
 * row (this process, another replica, psql) gives it a new version, so a
 * change shows on the next page however it was made.
 */
describe('instance pages keep rows by version', () => {
  let database: DatabaseHandle;
  let queries: QueryService;
  const statements: string[] = [];
  const tenant = randomUUID();
  const other = randomUUID();
  const ids: string[] = [];

  const wholeReads = () => statements.filter((s) => /^select \*, xmin::text as "row_version"/.test(s));
  const versionReads = () => statements.filter((s) => /^select "id", xmin::text as "row_version"/.test(s));

  beforeAll(async () => {
    database = await openTestDatabase((s) => statements.push(s));
    await ensureTenant(database.db, { id: tenant, name: `rows-${tenant.slice(0, 8)}` });
    await ensureTenant(database.db, { id: other, name: `rows-${other.slice(0, 8)}` });
    for (let i = 0; i < 5; i++) {
      const id = randomUUID();
      ids.push(id);
      const services = [serviceSpec({ name: 'web', image: `team/web:${i}` })];
      await instances.insertInstance(
        database.db,
        instanceRow({
          id,
          tenant_id: tenant,
          name: `rows-${i}`,
          provider_key: 'p',
          services: json(services),
          created_at: new Date(Date.now() - (10 - i) * 1000),
        }),
      );
      const releaseId = randomUUID();
      await releases.insertRelease(database.db, {
        id: releaseId,
        tenant_id: tenant,
        instance_id: id,
        version: 1,
        snapshots: json([{ name: 'web', image: `team/web:${i}`, env: {}, ports: [] }]),
        strategy: null,
        operation_id: null,
      });
      await instances.updateInstance(database.db, id, { current_release_id: releaseId });
    }
    queries = new QueryService(database.db);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('reads the rows whole once, then only where they stand', async () => {
    statements.length = 0;
    const first = await queries.instances(tenant, {}, 10);
    expect(first.edges.map((e) => e.node.name)).toEqual(['rows-4', 'rows-3', 'rows-2', 'rows-1', 'rows-0']);
    expect(first.currentReleases.map((r) => r.instanceId).sort()).toEqual([...ids].sort());
    expect(versionReads()).toHaveLength(1);
    expect(wholeReads()).toHaveLength(1);

    statements.length = 0;
    const again = await queries.instances(tenant, {}, 10);
    expect(again.edges.map((e) => e.node)).toEqual(first.edges.map((e) => e.node));
    expect(again.currentReleases).toHaveLength(5);
    expect(versionReads()).toHaveLength(1);
    expect(wholeReads()).toEqual([]);
  });

  it('shows a row written behind its back on the next page, reading only that row again', async () => {
    await queries.instances(tenant, {}, 10);
    const changed = ids[2]!;
    // As another replica or an operator would: not through anything of this process's.
    await sql`update instances set state = 'failed', message = 'written elsewhere' where id = ${changed}`.execute(
      database.db,
    );
    statements.length = 0;
    const page = await queries.instances(tenant, {}, 10);
    const node = page.edges.find((e) => e.node.id === changed)?.node;
    expect(node).toMatchObject({ state: 'failed', message: 'written elsewhere' });
    // Positive control: the others are as they were, and were not read again.
    expect(page.edges.filter((e) => e.node.state === 'running')).toHaveLength(4);
    expect(wholeReads()).toHaveLength(1);
    expect(statements.find((s) => /^select \*, xmin/.test(s))).toMatch(/"id" in \(\$2\)$/);
  });

  it('hands out frozen instances, shared by every reader', async () => {
    const page = await queries.instances(tenant, {}, 10);
    const node = page.edges[0]!.node;
    expect(Object.isFrozen(node)).toBe(true);
    expect(Object.isFrozen(node.services)).toBe(true);
    expect(() => {
      (node as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });

  it('reads identical pages asked for in one turn once, and different ones each', async () => {
    await queries.instances(tenant, {}, 10);
    statements.length = 0;
    const same = await Promise.all([1, 2, 3, 4, 5].map(() => queries.instances(tenant, {}, 10)));
    expect(versionReads()).toHaveLength(1);
    for (const page of same) expect(page.edges).toHaveLength(5);
    // Positive control: pages that differ are each read.
    statements.length = 0;
    const [ten, three, filtered] = await Promise.all([
      queries.instances(tenant, {}, 10),
      queries.instances(tenant, {}, 3),
      queries.instances(tenant, { name: 'rows-1' }, 10),
    ]);
    expect(versionReads()).toHaveLength(3);
    expect(ten.edges).toHaveLength(5);
    expect(three.edges).toHaveLength(3);
    expect(filtered.edges.map((e) => e.node.name)).toEqual(['rows-1']);
  });

  it('answers each request read in a shared turn as of when it came: a committed write is in it', async () => {
    const target = ids[4]!;
    await queries.instances(tenant, {}, 10);
    await sql`update instances set message = 'before the request' where id = ${target}`.execute(database.db);
    const [a, b] = await Promise.all([queries.instances(tenant, {}, 10), queries.instances(tenant, {}, 10)]);
    for (const page of [a, b]) {
      expect(page.edges.find((e) => e.node.id === target)?.node.message).toBe('before the request');
    }
  });

  it('fails only the request with a bad cursor, not the others of its turn', async () => {
    const [bad, good] = await Promise.allSettled([
      queries.instances(tenant, {}, 10, 'not-a-cursor'),
      queries.instances(tenant, {}, 10),
    ]);
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason).toMatchObject({ name: 'ValidationError' });
    expect(good.status).toBe('fulfilled');
  });

  it("never answers one tenant with another's kept row or release", async () => {
    const rows = new InstanceRows();
    const releaseId = randomUUID();
    const row = {
      ...(await instances.findListedInstancesByIds(database.db, tenant, [ids[0]!]))[0]!,
    };
    const kept = rows.remember(row);
    // Positive control: kept for its own tenant, at its version.
    expect(rows.instance(tenant, row.id, row.row_version)).toBe(kept);
    expect(rows.release(tenant, row.current_release_id!)).toMatchObject({ instanceId: row.id });
    expect(rows.instance(other, row.id, row.row_version)).toBeUndefined();
    expect(rows.release(other, row.current_release_id!)).toBeUndefined();
    // At another version it is not the row asked for.
    expect(rows.instance(tenant, row.id, `${row.row_version}0`)).toBeUndefined();
    // A release of another tenant that a row happens to name is not kept as this tenant's.
    rows.remember({
      ...row,
      current_release_id: releaseId,
      current_release: { ...row.current_release!, id: releaseId, tenant_id: other },
    });
    expect(rows.release(tenant, releaseId)).toBeUndefined();
    expect(rows.release(other, releaseId)).toBeUndefined();
  });
});
