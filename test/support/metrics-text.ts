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
