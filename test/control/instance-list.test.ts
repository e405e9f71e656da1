import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { InstanceRow } from '../../src/db/database.js';
import { json } from '../../src/db/db-types.js';
import * as instances from '../../src/db/repositories/instance-repository.js';
import { insertTenant } from '../../src/db/repositories/tenant-repository.js';
import { openTestDatabase } from '../support/database.js';

type Filter = instances.InstanceListFilter;

/** What listInstances must answer, computed in memory over every row of the tenant. */
function expected(rows: InstanceRow[], filter: Filter, limit: number, after?: { createdAt: Date; id: string }) {
  const key = (r: { created_at: Date; id: string }) => [r.created_at.getTime(), r.id] as const;
  const before = (a: readonly [number, string], b: readonly [number, string]) =>
    a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  return rows
    .filter((r) => (filter.state ? r.state === filter.state : true))
    .filter((r) => (filter.desiredState ? r.desired_state === filter.desiredState : r.destroyed_at === null))
    .filter((r) => (filter.provider ? r.provider_key === filter.provider : true))
    .filter((r) => (filter.label ? r.labels[filter.label.key] === filter.label.value : true))
    .filter((r) => (filter.namePrefix ? r.name.startsWith(filter.namePrefix) : true))
    .filter((r) => (filter.name ? r.name === filter.name : true))
    .filter((r) => (after ? before(key(r), [after.createdAt.getTime(), after.id]) : true))
    .sort((a, b) => (before(key(a), key(b)) ? 1 : -1))
    .slice(0, limit)
    .map((r) => r.name);
}

describe('listInstances answers every combination of filters, and a cursor, like the rows say', () => {
  let database: DatabaseHandle;
  const tenantId = randomUUID();
  const rows: InstanceRow[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await insertTenant(database.db, { id: tenantId, name: `list-${tenantId.slice(0, 8)}` });
    // Names with LIKE's wildcards, so a prefix must match them literally.
    const names = [
      'web-a',
      'web-b',
      'web_c',
      'webxc',
      'api-1',
      'api-2',
      'a%b',
      'axb',
      'db-1',
      'db-2',
      'old-1',
      'old-2',
    ];
    const base = Date.now() - 60_000;
    for (const [i, name] of names.entries()) {
      const destroyed = name.startsWith('old');
      rows.push(
        await instances.insertInstance(database.db, {
          id: randomUUID(),
          tenant_id: tenantId,
          name,
          provider_key: i % 3 === 0 ? 'p-one' : 'p-two',
          kind: 'deployment',
          desired_state: destroyed ? 'destroyed' : i % 4 === 0 ? 'stopped' : 'running',
          state: destroyed ? 'stopped' : i % 2 === 0 ? 'running' : 'failed',
          labels: json(i % 2 === 0 ? { team: 'blue' } : { team: 'red', tier: 'front' }),
          services: json([]),
          endpoints: json([]),
          service_status: json({}),
          readiness_policy: null,
          // Two pairs share a creation time, so the id breaks the tie.
          created_at: new Date(base + Math.floor(i / 2) * 1000 * (i % 5 === 0 ? 0 : 1)),
          destroyed_at: destroyed ? new Date() : null,
        }),
      );
    }
  });
  afterAll(async () => {
    await database?.db.deleteFrom('instances').where('tenant_id', '=', tenantId).execute();
    await database?.db.deleteFrom('tenants').where('id', '=', tenantId).execute();
    await database?.close();
  });

  it('each of the 128 shapes (six filters and a cursor) returns the expected names in order', async () => {
    const choices: Filter[] = [
      { state: 'running' },
      { desiredState: 'destroyed' },
      { provider: 'p-two' },
      { label: { key: 'team', value: 'red' } },
      { namePrefix: 'web_' },
      { name: 'webxc' },
    ];
    // The list answers ids and versions (the rows come from the by-id read): name them by the rows written.
    const names = (got: { id: string }[]) => got.map((g) => rows.find((r) => r.id === g.id)?.name ?? `? ${g.id}`);
    const everything = await instances.listInstances(database.db, tenantId, {}, { limit: 100 });
    expect(names(everything)).toEqual(expected(rows, {}, 100));
    const cursorRow = rows.find((r) => r.id === everything[3]!.id)!;
    const cursor = { createdAt: cursorRow.created_at, id: cursorRow.id };
    let nonEmpty = 0;
    for (let shape = 0; shape < 128; shape++) {
      const filter: Filter = Object.assign({}, ...choices.filter((_, bit) => shape & (1 << bit)));
      const after = shape & 64 ? cursor : undefined;
      for (const limit of [2, 100]) {
        const got = await instances.listInstances(database.db, tenantId, filter, {
          limit,
          ...(after ? { after } : {}),
        });
        const want = expected(rows, filter, limit, after);
        expect(names(got), JSON.stringify({ filter, after: !!after, limit })).toEqual(want);
        if (want.length) nonEmpty++;
      }
    }
    // The expectations are not all empty (a query that returned nothing would otherwise pass them).
    expect(nonEmpty).toBeGreaterThan(40);
    const prefixed = await instances.listInstances(database.db, tenantId, { namePrefix: 'a%' }, { limit: 100 });
    expect(names(prefixed)).toEqual(['a%b']);
  });
});
