/**
 * The RFC3339Nano prefix both backends write on a `timestamps=true` log line
 * (`2026-01-02T03:04:05.123456789Z message`). The Docker Engine always writes
 * the space after it; the pod log endpoint is read without insisting on it.
 */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2}) ?/;

/** Splits a `timestamps=true` log line into its time and message. Date keeps milliseconds: the fraction is truncated. */
export function parseTimestamped(line: string): { timestamp: Date | undefined; message: string } {
  const m = TIMESTAMP.exec(line);
  if (!m) return { timestamp: undefined, message: line };
  const fraction = (m[2] ?? '.000').slice(0, 4).padEnd(4, '0');
  const timestamp = new Date(`${m[1]}${fraction}${m[3]}`);
  return { timestamp: Number.isNaN(timestamp.getTime()) ? undefined : timestamp, message: line.slice(m[0].length) };
}
