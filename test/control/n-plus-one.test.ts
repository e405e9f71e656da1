import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { json } from '../../src/db/db-types.js';
import * as instances from '../../src/db/repositories/instance-repository.js';
import * as operations from '../../src/db/repositories/operation-repository.js';
import * as releases from '../../src/db/repositories/release-repository.js';
import { Registry } from '../../src/providers/registry.js';
import { graphql } from '../generated/gql.js';
import { query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { FakeProvider } from '../support/fake-provider.js';
import { instanceRow } from '../support/instance-row.js';
import { serviceSpec } from '../support/service-spec.js';

const Page = graphql(`
  query CtlNPlusOnePage($first: Int!) {
    instances(first: $first) {
      edges {
        node {
          services { name image status { state } }
          currentRelease { version }
          provider { key }
          lastOperation { kind status }
        }
      }
    }
  }
`);

/** Seeds `n` running instances of two services, each with release v1 and a succeeded provision, through the repositories. */
async function seed(db: DatabaseHandle['db'], tenantId: string, providerKey: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await db.transaction().execute(async (tx) => {
      const id = randomUUID();
      const services = [
        serviceSpec({ name: 'web', image: `team/web:${i}` }),
        serviceSpec({ name: 'side', image: 'team/side:1', role: 'sidecar', dependsOn: ['web'] }),
      ];
      await instances.insertInstance(
        tx,
        instanceRow({
          id,
          tenant_id: tenantId,
          name: `seed-${i}`,
          provider_key: providerKey,
          services: json(services),
          service_status: json({
            web: { state: 'running', ready: true, restarts: 0 },
            side: { state: 'running', ready: true, restarts: 0 },
          }),
        }),
      );
      const opId = randomUUID();
      const releaseId = randomUUID();
      await operations.insertOperation(tx, {
        id: opId,
        tenant_id: tenantId,
        instance_id: id,
        kind: 'provision',
        status: 'succeeded',
        readiness_outcome: 'ready',
        params: json({ generation: 1 }),
        steps: json([]),
        finished_at: new Date(),
      });
      await releases.insertRelease(tx, {
        id: releaseId,
        tenant_id: tenantId,
        instance_id: id,
        version: 1,
        snapshots: json(services.map((s) => ({ name: s.name, image: s.image, env: {}, ports: [] }))),
        strategy: null,
        operation_id: opId,
      });
      await operations.updateOperation(tx, opId, { release_id: releaseId });
      await instances.updateInstance(tx, id, { current_release_id: releaseId, observed_generation: 1 });
    });
  }
}

describe('a page of instances costs the same statements whatever its size (no N+1)', () => {
  let database: DatabaseHandle;
  let t: TestApp;
  let small: TestTenant;
  let large: TestTenant;
  let recording = false;
  const statements: string[] = [];
  const providerKey = `fake-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    database = await openTestDatabase((sql) => {
      if (recording) statements.push(sql);
    });
    const registry = new Registry();
    registry.register(providerKey, new FakeProvider());
    // No executor: nothing but the request itself talks to the database while it is counted.
    t = await startTestApp({ database, registry, config: { runWorker: false } });
    small = await t.newTenant();
    large = await t.newTenant();
    await seed(database.db, small.tenantId, providerKey, 10);
    await seed(database.db, large.tenantId, providerKey, 100);
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await database?.close();
  });

  /**
   * The statements one request makes: the first time (the page's rows not read yet) and the fewest of three
   * tries after (background work cannot add any, and the rows are then kept at their versions).
   */
  async function measure(tenant: TestTenant, first: number) {
    type Seen = { count: number; sql: string[]; data: Awaited<ReturnType<typeof query<unknown, unknown>>> };
    let cold: Seen | undefined;
    let best: Seen | undefined;
    for (let i = 0; i < 4; i++) {
      statements.length = 0;
      recording = true;
      const data = await query(t.url, tenant.token, Page, { first });
      // The token's last-used bookkeeping is fire-and-forget: let it land inside the window.
      await new Promise((resolve) => setTimeout(resolve, 50));
      recording = false;
      const seen = { count: statements.length, sql: [...statements], data };
      if (i === 0) cold = seen;
      else if (!best || seen.count < best.count) best = seen;
    }
    return { cold: cold!, ...best! };
  }

  it('10 and 100 instances, each with services, current release, provider and last operation', async () => {
    const ten = await measure(small, 10);
    const hundred = await measure(large, 100);
    const tenPage = ten.data as { instances: { edges: { node: unknown }[] } };
    const hundredPage = hundred.data as typeof tenPage;
    expect(tenPage.instances.edges).toHaveLength(10);
    expect(hundredPage.instances.edges).toHaveLength(100);
    for (const { node } of hundredPage.instances.edges) {
      expect(node).toMatchObject({
        services: [
          { name: 'web', status: { state: 'RUNNING' } },
          { name: 'side', image: 'team/side:1', status: { state: 'RUNNING' } },
        ],
        currentRelease: { version: 1 },
        provider: { key: providerKey },
        lastOperation: { kind: 'PROVISION', status: 'SUCCEEDED' },
      });
    }
    console.info(
      `instances(first: N) with services, currentRelease, provider, lastOperation: ${ten.count} statements for N=10, ${hundred.count} for N=100:\n  ${hundred.sql.map((q) => q.replace(/(\$\d+, ){3,}\$\d+/g, '$…')).join('\n  ')}`,
    );
    // The counter saw the request at all: where the page's rows stand, the rows read whole once (their current
    // releases in the same statement), and the last operations, batched once. (Without this a counter that
    // records nothing would pass: 0 = 0 ≤ 5.)
    const versions = (seen: string[]) =>
      seen.filter((q) => /^select "id", xmin::text as "row_version" from "instances" /.test(q));
    const whole = (seen: string[]) =>
      seen.filter((q) =>
        /^select \*, xmin::text as "row_version", \(select row_to_json\(r\) from "releases" .*\) as "current_release" from "instances" /.test(
          q,
        ),
      );
    for (const { cold, sql: seen } of [ten, hundred]) {
      expect(versions(cold.sql), cold.sql.join('\n')).toHaveLength(1);
      expect(whole(cold.sql), cold.sql.join('\n')).toHaveLength(1);
      // Read again, the rows are where they stood: only their versions are read.
      expect(versions(seen), seen.join('\n')).toHaveLength(1);
      expect(whole(seen), seen.join('\n')).toHaveLength(0);
      for (const s of [cold.sql, seen]) {
        expect(
          s.filter((q) => /from "releases" .* in \(/.test(q) && !/from "instances"/.test(q)),
          s.join('\n'),
        ).toHaveLength(0);
        expect(
          s.filter((q) => /from "operations" .* in \(/.test(q)),
          s.join('\n'),
        ).toHaveLength(1);
      }
    }
    expect(
      hundred.cold.sql.filter((q) => !/api_tokens/.test(q)).length,
      'the first page of 100 costs what the first page of 10 does',
    ).toBe(ten.cold.sql.filter((q) => !/api_tokens/.test(q)).length);
    expect(hundred.count).toBe(ten.count);
    // Authentication, its bookkeeping, the page and the last operations: a handful, not N.
    expect(ten.count).toBeLessThanOrEqual(5);
  });
});
