/**
 * Row 3: SQL statements one list request makes, for a page of 20 and of 100
 * (equal and at most 4 means DataLoader batches every nested field), the
 * first time (the rows read whole) and again (only their versions read).
 * Counted with the database layer's statement observer, token already verified.
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
    /**
     * The statements of the first request for a page (its rows not read yet: `cold`) and the fewest of two
     * more (`warm`: the rows kept at their versions; background work may add a statement to one try).
     */
    const count = async (first: number) => {
      const tries: string[][] = [];
      for (let i = 0; i < 3; i++) {
        seen.length = 0;
        recording = true;
        await gql(w.url, w.token, LIST_QUERY, { first });
        recording = false;
        tries.push([...seen]);
      }
      const [cold, ...rest] = tries as [string[], ...string[][]];
      return { cold, warm: rest.reduce((a, b) => (b.length < a.length ? b : a)) };
    };
    // The token verified and cached first, so only the list's own statements are counted.
    await gql(w.url, w.token, '{ viewer { __typename } }');
    const at20 = await count(20);
    const at100 = await count(100);
    const met = (a: string[], b: string[]) => a.length === b.length && a.length <= 4;
    return [
      {
        figure: 'SQL statements per list request (N = 100), first | again',
        value: `${at100.cold.length} | ${at100.warm.length}`,
        baseline: `${at20.cold.length} | ${at20.warm.length} (N = 20)`,
        ratio: `${(at100.cold.length / Math.max(1, at20.cold.length)).toFixed(2)}× | ${(at100.warm.length / Math.max(1, at20.warm.length)).toFixed(2)}×`,
        goal: 'equal, ≤ 4',
        met: met(at100.cold, at20.cold) && met(at100.warm, at20.warm),
        notes: [
          'statements of the first N = 100 request:',
          ...at100.cold.map((s) => `  ${s.slice(0, 160)}`),
          'and of the same request again (its rows kept at their versions):',
          ...at100.warm.map((s) => `  ${s.slice(0, 160)}`),
        ],
      },
    ];
  } finally {
    await w.stop();
    await dropTenant(database, w.tenantId);
    await database.close();
  }
}
