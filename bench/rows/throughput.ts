/**
 * Rows 1 and 2: requests per second for `{ viewer { __typename } }` and for a
 * 20-instance page with services, status, provider and current release,
 * against a bare graphql-yoga `{ hello }` server started in the same run. 50
 * connections from autocannon in its own process; Postgres underneath.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { Registry } from '../../src/providers/registry.js';
import { FakeProvider } from '../../test/support/fake-provider.js';
import {
  autocannon,
  type BenchRow,
  dropTenant,
  fmt,
  openBenchDatabase,
  ratio,
  seconds,
  seedInstances,
  startBenchApp,
} from '../support.js';

/** Rounds of hello, viewer and list, one after the other (the medians are the figures). */
const ROUNDS = 3;
/** Each run of a round: half the bench's usual run, so the row takes about as long as three full runs did. */
const roundSeconds = () => Math.max(2, Math.round(seconds() / 2));

type Run = Awaited<ReturnType<typeof autocannon>>;

/** The run with the median requests per second. */
function medianRun(runs: Run[]): Run {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}

export const LIST_QUERY =
  'query BenchList($first: Int!, $after: String) { instances(first: $first, after: $after) { edges { cursor node { id name state ready services { name image status { state ready } } provider { key } currentRelease { version } } } } }';

async function bareYoga(): Promise<{ url: string; close(): Promise<void> }> {
  const yoga = createYoga({
    schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } }),
    logging: false,
  });
  const server = createServer(yoga);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export async function throughputRows(): Promise<BenchRow[]> {
  const database = await openBenchDatabase();
  const registry = new Registry();
  registry.register('bench', new FakeProvider());
  const w = await startBenchApp(database, { registry });
  const bare = await bareYoga();
  try {
    await seedInstances(database, w.tenantId, 'bench', 20);
    const auth = { authorization: `Bearer ${w.token}` };
    // In rounds, each figure right after its baseline: this machine's speed drifts over a minute, and a
    // baseline measured once, before everything, would be compared with figures taken at another speed.
    const bodies = {
      hello: JSON.stringify({ query: '{ hello }' }),
      viewer: JSON.stringify({ query: '{ viewer { __typename } }' }),
      list: JSON.stringify({ query: LIST_QUERY, variables: { first: 20 } }),
    };
    // Warm-up, not counted: the first seconds of a server run slower while its code is compiled.
    await autocannon(bare.url, bodies.hello, {}, 2);
    await autocannon(w.url, bodies.viewer, auth, 2);
    await autocannon(w.url, bodies.list, auth, 2);
    const rounds: { hello: Run; viewer: Run; list: Run }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const hello = await autocannon(bare.url, bodies.hello, {}, roundSeconds());
      const viewer = await autocannon(w.url, bodies.viewer, auth, roundSeconds());
      const list = await autocannon(w.url, bodies.list, auth, roundSeconds());
      rounds.push({ hello, viewer, list });
    }
    const hello = medianRun(rounds.map((r) => r.hello));
    const viewer = medianRun(rounds.map((r) => r.viewer));
    const list = medianRun(rounds.map((r) => r.list));
    const perRound = rounds
      .map(
        (r, i) =>
          `round ${i + 1}: hello ${fmt(r.hello.rps, 0)}, viewer ${fmt(r.viewer.rps, 0)} (${ratio(r.viewer.rps / r.hello.rps)}), list ${fmt(r.list.rps, 0)} (${ratio(r.list.rps / r.hello.rps)})`,
      )
      .join('; ');
    const bad = (r: { non2xx: number; errors: number }) =>
      r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
    return [
      {
        figure: '{ viewer { __typename } } req/s',
        value: `${fmt(viewer.rps, 0)}${bad(viewer)}`,
        baseline: `${fmt(hello.rps, 0)} (yoga { hello })`,
        ratio: ratio(viewer.rps / hello.rps),
        goal: '≥ 1.0×',
        met: viewer.rps >= hello.rps && !bad(viewer),
        notes: [
          `${ROUNDS} rounds of ${roundSeconds()} s each (hello, viewer, list in turn); the medians are shown. ${perRound}`,
          `p99 latency at 50 connections: hello ${hello.p99} ms, viewer ${viewer.p99} ms, list ${list.p99} ms`,
        ],
      },
      {
        figure: 'instances(first: 20) + services/status/provider/currentRelease req/s',
        value: `${fmt(list.rps, 0)}${bad(list)}`,
        baseline: `${fmt(hello.rps, 0)} (yoga { hello })`,
        ratio: ratio(list.rps / hello.rps),
        goal: '≥ 0.5×',
        met: list.rps >= 0.5 * hello.rps && !bad(list),
      },
    ];
  } finally {
    await bare.close();
    await w.stop();
    await dropTenant(database, w.tenantId);
    await database.close();
  }
}
