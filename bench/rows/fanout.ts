/**
 * Row 7: subscription fan-out p99 at 1,000 and 5,000 subscribers against a
 * bare `ws` broadcast of the same events, from bench/subscriptions.ts run as a
 * child (it forks its own client process) on the bench database.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type BenchRow, benchDatabaseUrl, fmt, ratio } from '../support.js';

interface Phase {
  mode: 'graphql' | 'ws';
  n: number;
  p99: number;
  lost: number;
  heapPerSubKb: number;
  rssPerSubKb: number;
}

export async function fanoutRows(): Promise<BenchRow[]> {
  const script = fileURLToPath(new URL('../subscriptions.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script], {
    env: { ...process.env, BENCH_DATABASE_URL: benchDatabaseUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULTS '));
  if (code !== 0 || !line) throw new Error(`bench/subscriptions.ts exited ${code}:\n${out}`);
  const phases = JSON.parse(line.slice('BENCH_RESULTS '.length)) as Phase[];
  const detail = out.split('\n').filter((l) => l.startsWith('  ') && !l.startsWith('BENCH_RESULTS'));
  const rows: BenchRow[] = [];
  for (const n of [...new Set(phases.map((p) => p.n))]) {
    const g = phases.find((p) => p.n === n && p.mode === 'graphql');
    const w = phases.find((p) => p.n === n && p.mode === 'ws');
    if (!g || !w) continue;
    const r = g.p99 / w.p99;
    rows.push({
      figure: `subscription fan-out p99, ${n.toLocaleString('en-US')} subscribers (ms; lost; KB heap/sub)`,
      value: `${fmt(g.p99)}; ${g.lost} lost; ${fmt(g.heapPerSubKb)} KB`,
      baseline: `${fmt(w.p99)} (bare ws)`,
      ratio: ratio(r),
      goal: '≤ 2×, 0 lost, ≤ 30 KB',
      met: r <= 2 && g.lost === 0 && g.heapPerSubKb <= 30,
      ...(rows.length === 0 ? { notes: detail } : {}),
    });
  }
  return rows;
}
