/**
 * Response times at the Docker edge. HAProxy's stats carry averages only, so
 * every HTTP frontend also logs one short line per response into a ring: a
 * buffer of fixed size in HAProxy's own memory that keeps the most recent
 * lines and drops the oldest. The runtime socket the edge already drives
 * dumps it (`show events`), and a canary's analysis takes the p99 of its new
 * set's responses since its previous reading. Nothing grows in Wheelhouse:
 * one dump (at most the ring's size) is parsed and reduced to the matching
 * servers' times.
 *
 * The ring is per HAProxy worker: a reload starts the new worker with an
 * empty one (as its counters start from zero), and what the old worker
 * answers while it finishes its connections is not seen.
 */

/** The ring's name in haproxy.cfg and in `show events`. */
export const LATENCY_RING = 'wh_latency';

/**
 * Its size: 2 MiB holds some 20 000 lines of ~100 bytes, the last seconds
 * of a busy edge or minutes of a quiet one. Allocated per worker (an old
 * worker keeps its copy until it exits).
 */
export const LATENCY_RING_BYTES = 2 * 1024 * 1024;

/** The longest line the ring keeps (backend and server names are at most 120 characters each). */
export const LATENCY_LINE_MAX = 512;

/**
 * One line per response: when the stream was accepted (epoch ms: `%Ts`
 * seconds followed by `%ms`'s three digits), its total time `%Tt` (so the
 * response ended at accept + Tt), the time HAProxy spent on the request
 * `%Ta` (from its first byte to the response's last: what the client
 * waited), the status, the backend and the server that answered.
 */
export const LATENCY_LOG_FORMAT = '%Ts%ms %Tt %Ta %ST %b %s';

/** One response as the ring recorded it. */
export interface LatencySample {
  backend: string;
  server: string;
  status: number;
  /** `%Ta`: the request's active time, ms. */
  ms: number;
  /** When the response ended (epoch ms). */
  endMs: number;
}

const LINE = /^(\d{1,16}) (-?\d{1,10}) (-?\d{1,10}) (-?\d{1,4}) (\S{1,120}) (\S{1,120})$/;

/** Parses one ring line; undefined for anything else (a truncated line, a line of another format). */
export function parseLatencyLine(line: string): LatencySample | undefined {
  const m = LINE.exec(line.trim());
  if (!m) return undefined;
  const accepted = Number(m[1]);
  const total = Number(m[2]);
  const ms = Number(m[3]);
  // -1: HAProxy never saw the request whole (a client that gave up): there is no response time to count.
  if (ms < 0 || total < 0) return undefined;
  return { backend: m[5]!, server: m[6]!, status: Number(m[4]), ms, endMs: accepted + total };
}

/**
 * The response times in a `show events` dump of the responses that ended in
 * `(sinceMs, untilMs]` and that `keep` accepts. Only the kept times are
 * collected: the result is at most as long as the ring holds lines.
 */
export function latenciesOf(
  dump: string,
  keep: (s: LatencySample) => boolean,
  sinceMs: number,
  untilMs = Number.POSITIVE_INFINITY,
): number[] {
  const out: number[] = [];
  let from = 0;
  while (from < dump.length) {
    let to = dump.indexOf('\n', from);
    if (to < 0) to = dump.length;
    const s = parseLatencyLine(dump.slice(from, to));
    if (s && s.endMs > sinceMs && s.endMs <= untilMs && keep(s)) out.push(s.ms);
    from = to + 1;
  }
  return out;
}

/** The `q` quantile (0–1) of `values` by nearest rank; undefined for none. */
export function quantile(values: readonly number[], q: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1];
}
