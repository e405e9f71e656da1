/**
 * Row 3: SQL statements one list request makes, for a page of 20 and of 100
 * (equal and at most 4 means DataLoader batches every nested field). Counted
 * with the database layer's statement observer, token already verified.
 */
import { Registry } from '../../src/providers/registry.js';
import { FakeProvider } from '../../test/support/fake-provider.js';
import { type BenchRow, dropTenant, gql, openBenchDatabase, seedInstances, startBenchApp } from '../support.js';
import { LIST_QUERY } from './throughput.js';

export async function statementRows(): Promise<BenchRow[]> {
  let recording = false;
  const seen: string[] = [];
  const database = await openBenchDatabase((q) => {
    if (recording) seen.push(q.sql);
  });
  const registry = new Registry();
  registry.register('bench', new FakeProvider());
  const w = await startBenchApp(database, { registry });
  try {
    await seedInstances(database, w.tenantId, 'bench', 100);
    /** The fewest statements of three tries (background work may add some to one). */
    const count = async (first: number) => {
      let best: string[] | undefined;
      for (let i = 0; i < 3; i++) {
        seen.length = 0;
        recording = true;
        await gql(w.url, w.token, LIST_QUERY, { first });
        recording = false;
        if (!best || seen.length < best.length) best = [...seen];
      }
      return best!;
    };
    await gql(w.url, w.token, LIST_QUERY, { first: 1 });
    const at20 = await count(20);
    const at100 = await count(100);
    return [
      {
        figure: 'SQL statements per list request (N = 100)',
        value: String(at100.length),
        baseline: `${at20.length} (N = 20)`,
        ratio: `${(at100.length / Math.max(1, at20.length)).toFixed(2)}×`,
        goal: 'equal, ≤ 4',
        met: at100.length === at20.length && at100.length <= 4,
        notes: ['statements of one N = 100 request:', ...at100.map((s) => `  ${s.slice(0, 160)}`)],
      },
    ];
  } finally {
    await w.stop();
    await dropTenant(database, w.tenantId);
    await database.close();
  }
}
