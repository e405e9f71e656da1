/**
 * The RFC3339Nano prefix both backends write on a `timestamps=true` log line
 * (`2026-01-02T03:04:05.123456789Z message`). The Docker Engine always writes
 * the space after it; the pod log endpoint is read without insisting on it.
 */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2}) ?/;

/** The whole-second part of a timestamp, `YYYY-MM-DDTHH:MM:SS`. */
const SECOND_LENGTH = 19;

/**
 * The last whole second parsed, in UTC: a log read at speed has thousands of
 * lines per second, and the date part of each is the same text. Only ever
 * set from a prefix that parsed as a valid UTC time.
 */
let lastSecond = { text: '', ms: 0 };

/** Splits a `timestamps=true` log line into its time and message. Date keeps milliseconds: the fraction is truncated. */
export function parseTimestamped(line: string): { timestamp: Date | undefined; message: string } {
  return parseUtcFast(line) ?? parseGeneral(line);
}

/**
 * The common form, a UTC time with a fraction (`…:05.123456789Z `), without
 * a regular expression or a date parse per line; undefined for any other
 * form, which the general parser reads.
 */
function parseUtcFast(line: string): { timestamp: Date; message: string } | undefined {
  if (line.length < SECOND_LENGTH + 3 || line.charCodeAt(SECOND_LENGTH) !== 46 /* . */) return undefined;
  let end = SECOND_LENGTH + 1;
  let ms = 0;
  for (; end < line.length; end++) {
    const c = line.charCodeAt(end) - 48;
    if (c < 0 || c > 9) break;
    if (end < SECOND_LENGTH + 4) ms = ms * 10 + c;
  }
  const digits = end - SECOND_LENGTH - 1;
  if (digits === 0 || line.charCodeAt(end) !== 90 /* Z */) return undefined;
  for (let i = digits; i < 3; i++) ms *= 10;
  let base: number;
  if (lastSecond.text.length === SECOND_LENGTH && line.startsWith(lastSecond.text)) base = lastSecond.ms;
  else {
    const text = line.slice(0, SECOND_LENGTH);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
    base = Date.parse(`${text}Z`);
    if (Number.isNaN(base)) return undefined;
    lastSecond = { text, ms: base };
  }
  const rest = line.charCodeAt(end + 1) === 32 /* space */ ? end + 2 : end + 1;
  return { timestamp: new Date(base + ms), message: line.slice(rest) };
}

function parseGeneral(line: string): { timestamp: Date | undefined; message: string } {
  const m = TIMESTAMP.exec(line);
  if (!m) return { timestamp: undefined, message: line };
  const fraction = (m[2] ?? '.000').slice(0, 4).padEnd(4, '0');
  const timestamp = new Date(`${m[1]}${fraction}${m[3]}`);
  return { timestamp: Number.isNaN(timestamp.getTime()) ? undefined : timestamp, message: line.slice(m[0].length) };
}

/** The last whole second read from bytes (see readUtcTimestamp): its 19 bytes and its time. */
const lastSecondBytes = new Uint8Array(SECOND_LENGTH);
let lastSecondBytesMs = Number.NaN;

/**
 * The common UTC prefix (`…:05.123456789Z `, or `…:05Z `) read straight from
 * the bytes of `buf[start, end)`, as the Engine sends them, so that a line
 * costs no string but its message: returns where the message starts and sets
 * `out.ms`, or -1 for any other form (decode the line and use
 * parseTimestamped then). The whole second is parsed once per second, as in
 * parseTimestamped.
 */
export function readUtcTimestamp(buf: Uint8Array, start: number, end: number, out: { ms: number }): number {
  if (end - start < SECOND_LENGTH + 1) return -1;
  let i = start + SECOND_LENGTH;
  let ms = 0;
  if (buf[i] === 46 /* . */) {
    const first = ++i;
    for (; i < end; i++) {
      const c = (buf[i] as number) - 48;
      if (c < 0 || c > 9) break;
      if (i < first + 3) ms = ms * 10 + c;
    }
    const digits = i - first;
    if (digits === 0) return -1;
    for (let d = digits; d < 3; d++) ms *= 10;
  }
  if (i >= end || buf[i] !== 90 /* Z */) return -1;
  let same = !Number.isNaN(lastSecondBytesMs);
  for (let k = 0; same && k < SECOND_LENGTH; k++) same = buf[start + k] === lastSecondBytes[k];
  if (!same) {
    const text = String.fromCharCode(...buf.subarray(start, start + SECOND_LENGTH));
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(text)) return -1;
    const base = Date.parse(`${text}Z`);
    if (Number.isNaN(base)) return -1;
    lastSecondBytes.set(buf.subarray(start, start + SECOND_LENGTH));
    lastSecondBytesMs = base;
  }
  out.ms = lastSecondBytesMs + ms;
  // The Engine always writes one space after the time; a line that ends right after it has an empty message.
  return i + 1 < end && buf[i + 1] === 32 /* space */ ? i + 2 : i + 1;
}
