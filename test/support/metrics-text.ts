import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { it } from 'vitest';
import { strictComponents } from './env.js';

/**
 * Reads the Prometheus text format a scrape returns, enough for tests: the
 * value of one sample by metric name and labels (0 when the series does not
 * exist yet, so a test can compare before and after).
 */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total = (total ?? 0) + Number(m[3]);
  }
  return total ?? 0;
}

/** Whether the scrape declares metric `name` (its `# TYPE` line). */
export function declares(text: string, name: string): boolean {
  return text.split('\n').some((l) => l.startsWith(`# TYPE ${name} `));
}

/** Where `promtool` (Prometheus's linter, Debian's `prometheus` package) is on PATH, if anywhere. */
export function promtoolPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const file = join(dir, 'promtool');
    if (dir && existsSync(file)) return file;
  }
  return undefined;
}

/** Pipes a scrape into `promtool check metrics`: its exit code and everything it printed (stdout and stderr). */
export function promtoolCheck(promtool: string, text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(promtool, ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}

/**
 * `it` for a test that lints a scrape with promtool. Without promtool it is
 * never silently absent: in strict mode (CI) registering it throws, failing
 * the file; elsewhere it shows as skipped, the reason in its name.
 */
export function itWithPromtool(name: string, fn: (promtool: string) => Promise<void>, timeout?: number): void {
  const promtool = promtoolPath();
  if (promtool) {
    it(name, () => fn(promtool), timeout);
    return;
  }
  if (strictComponents) {
    throw new Error(`"${name}" needs promtool, required in CI: apt-get install prometheus`);
  }
  it.skip(`${name} [skipped: no promtool on PATH; apt-get install prometheus]`, () => {}, timeout);
}
