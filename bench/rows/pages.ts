/**
 * Row 4: the first and a deep page of `instances(first: 20)` for a tenant of
 * 100,000 instances against the same for a tenant of 1,000 (keyset pagination
 * should cost the same at any depth and size). Median of repeated requests
 * over HTTP; the list statement's EXPLAIN (ANALYZE) at 100,000 is printed.
 */
import type { CompiledQuery } from 'kysely';
import { encodeTimeCursor } from '../../src/control/cursor.js';
import { Registry } from '../../src/providers/registry.js';
import { FakeProvider } from '../../test/support/fake-provider.js';
import {
  type BenchRow,
  dropTenant,
  fmt,
  gql,
  median,
  openBenchDatabase,
  ratio,
  seedInstances,
  startBenchApp,
} from '../support.js';
import { LIST_QUERY } from './throughput.js';

const REPEAT = 30;

export async function pageRows(): Promise<BenchRow[]> {
  let capture: CompiledQuery | undefined;
  let capturing = false;
  const database = await openBenchDatabase((q) => {
    if (capturing && /from "instances"/.test(q.sql) && /order by/.test(q.sql)) capture = q;
  });
  const registry = new Registry();
  registry.register('bench', new FakeProvider());
  const w = await startBenchApp(database, { registry });
  const bigTenant = await w.app.services.tenants.ensure(`bench-big-${Date.now()}`);
  const bigToken = `whk_bench_big_${Date.now()}`;
  await w.app.services.tokens.ensureToken(bigTenant.id, 'bench', bigToken);
  const notes: string[] = [];
  try {
    const t0 = Date.now();
    await seedInstances(database, w.tenantId, 'bench', 1_000);
    await seedInstances(database, bigTenant.id, 'bench', 100_000);
    notes.push(`seeded 1,000 + 100,000 instances in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    /** The cursor of the row `depth` rows into the tenant's list (the page after it is the deep page). */
    const cursorAt = async (tenantId: string, depth: number) => {
      const r = await database.pool!.query<{ created_at: Date; id: string }>(
        `select created_at, id from instances where tenant_id = $1 and destroyed_at is null
         order by created_at desc, id desc offset $2 limit 1`,
        [tenantId, depth],
      );
      const row = r.rows[0]!;
      return encodeTimeCursor({ createdAt: row.created_at, id: row.id });
    };
    /** Median ms of each request, the four interleaved so a change in the machine's load falls on all of them. */
    const time = async (cases: { token: string; after?: string }[]) => {
      const ms: number[][] = cases.map(() => []);
      for (let i = 0; i < REPEAT + 3; i++) {
        for (const [k, c] of cases.entries()) {
          const s = performance.now();
          await gql(w.url, c.token, LIST_QUERY, { first: 20, after: c.after });
          if (i >= 3) ms[k]!.push(performance.now() - s);
        }
      }
      return ms.map(median);
    };
    // Deep: 90% of the way through each list.
    const smallDeep = await cursorAt(w.tenantId, 900);
    const bigDeep = await cursorAt(bigTenant.id, 90_000);
    const [smallFirst, smallDeepMs, bigFirst, bigDeepMs] = await time([
      { token: w.token },
      { token: w.token, after: smallDeep },
      { token: bigToken },
      { token: bigToken, after: bigDeep },
    ]);
    const small = { first: smallFirst!, deep: smallDeepMs! };
    const big = { first: bigFirst!, deep: bigDeepMs! };

    for (const [label, after] of [
      ['first page', undefined],
      ['deep page (row 90,000)', bigDeep],
    ] as const) {
      capture = undefined;
      capturing = true;
      await gql(w.url, bigToken, LIST_QUERY, { first: 20, after });
      capturing = false;
      if (!capture) continue;
      const q = capture as CompiledQuery;
      const plan = await database.pool!.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${q.sql}`,
        q.parameters as unknown[],
      );
      notes.push(`EXPLAIN ANALYZE, 100,000 instances, ${label}:`, `  ${q.sql}`);
      for (const r of plan.rows) notes.push(`    ${r['QUERY PLAN']}`);
    }
    const worst = Math.max(big.first / small.first, big.deep / small.deep);
    return [
      {
        figure: 'instances first | deep page, 100,000 instances (ms, median)',
        value: `${fmt(big.first)} | ${fmt(big.deep)}`,
        baseline: `${fmt(small.first)} | ${fmt(small.deep)} (1,000)`,
        ratio: `${ratio(big.first / small.first)} | ${ratio(big.deep / small.deep)}`,
        goal: '≤ 1.2×',
        met: worst <= 1.2,
        notes,
      },
    ];
  } finally {
    await w.stop();
    await dropTenant(database, w.tenantId);
    await dropTenant(database, bigTenant.id);
    await database.close();
  }
}
