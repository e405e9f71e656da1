/**
 * `npm run bench`: every row of issue 11's goal table in one run, each figure
 * beside its baseline measured in the same run, the ratio, and whether it
 * meets its goal. Loopback only; Postgres from BENCH_DATABASE_URL (a database
 * the bench may fill: it seeds its own tenants and deletes them after); the
 * Docker rows use the local engine and the test images.
 *
 *   npm run bench                 all rows
 *   npm run bench -- --only pages one row (throughput, statements, pages, provision, logs, fanout, footprint, webhooks, edge, scale-to-zero, build, eventlog, backup)
 *   npm run bench -- --only scale the scale envelope (minutes; never part of a plain run)
 *
 * BENCH_SECONDS sets each autocannon run (default 8).
 */
import Table from 'cli-table3';
import type { BenchRow } from './support.js';

const ROWS: Record<string, () => Promise<BenchRow[]>> = {
  throughput: async () => (await import('./rows/throughput.js')).throughputRows(),
  statements: async () => (await import('./rows/statements.js')).statementRows(),
  pages: async () => (await import('./rows/pages.js')).pageRows(),
  provision: async () => (await import('./rows/provision.js')).provisionRows(),
  logs: async () => (await import('./rows/logs.js')).logRows(),
  fanout: async () => (await import('./rows/fanout.js')).fanoutRows(),
  footprint: async () => (await import('./rows/footprint.js')).footprintRows(),
  webhooks: async () => (await import('./rows/webhooks.js')).webhookRows(),
  edge: async () => (await import('./rows/edge.js')).edgeRows(),
  'scale-to-zero': async () => (await import('./rows/scale-to-zero.js')).scaleToZeroRows(),
  build: async () => (await import('./rows/build.js')).buildRows(),
  eventlog: async () => (await import('./rows/eventlog.js')).eventLogRows(),
  backup: async () => (await import('./rows/backup.js')).backupRows(),
  scale: async () => (await import('./rows/scale.js')).scaleRows(),
};
/** Rows that take minutes: run only when named with --only. */
const ON_REQUEST = new Set(['scale']);

function selected(argv: string[]): string[] {
  const i = argv.indexOf('--only');
  if (i < 0) return Object.keys(ROWS).filter((name) => !ON_REQUEST.has(name));
  const wanted = (argv[i + 1] ?? '').split(',').filter(Boolean);
  const unknown = wanted.filter((w) => !(w in ROWS));
  if (wanted.length === 0 || unknown.length) {
    throw new Error(`--only takes one or more of: ${Object.keys(ROWS).join(', ')} (got "${argv[i + 1] ?? ''}")`);
  }
  return wanted;
}

async function main(): Promise<void> {
  const names = selected(process.argv.slice(2));
  const started = Date.now();
  const rows: BenchRow[] = [];
  for (const name of names) {
    const t0 = Date.now();
    process.stderr.write(`bench: ${name}…\n`);
    try {
      rows.push(...(await ROWS[name]!()));
    } catch (err) {
      // One row failing (no Docker, say) must not hide the others.
      rows.push({
        figure: name,
        value: 'failed',
        baseline: '',
        ratio: '',
        goal: '',
        met: false,
        notes: [String(err instanceof Error ? (err.stack ?? err.message) : err)],
      });
    }
    process.stderr.write(`bench: ${name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  }
  for (const r of rows) {
    if (!r.notes?.length) continue;
    console.log(`\n${r.figure}`);
    for (const n of r.notes) console.log(`  ${n}`);
  }
  const table = new Table({ head: ['figure', 'value', 'baseline (same run)', 'ratio', 'goal', 'met'] });
  for (const r of rows)
    table.push([r.figure, r.value, r.baseline, r.ratio, r.goal, r.met === undefined ? '–' : r.met ? 'yes' : 'not met']);
  console.log(
    `\nWheelhouse bench, ${new Date().toISOString().slice(0, 10)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(table.toString());
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
