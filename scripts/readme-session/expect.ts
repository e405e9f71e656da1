/**
 * How a command's real output is compared with what the README shows. Both
 * sides are normalised the same way, so the README keeps real-looking values:
 *
 * - global ids (base64 of `Type:uuid`, e.g. `SW5zdGFuY2U6…`) are `<id>`;
 * - dates and ISO times are `<date>` / `<time>`;
 * - a loopback port other than the session's fixed ones (4000, 8080, 8443) is
 *   `127.0.0.1:<port>` (Docker publishes on a free port);
 * - runs of two or more spaces are two spaces (table columns), trailing spaces
 *   and blank lines at either end are dropped;
 * - the user's home directory in the output reads `~`.
 *
 * Then `…` in the README matches anything within a line, and a line that is
 * only `…` matches any number of lines (none included). A ```json output block
 * is compared without its line breaks and indentation (the README lays a long
 * answer out over lines; the server sends one).
 */

/** Where a command's real output differs from the README's. */
export interface Mismatch {
  expected: string;
  actual: string;
  /** A line-by-line view: `-` the README's line, `+` the real one, from the first line that differs. */
  diff: string;
}

/** Session-specific rewrites of the real output before it is normalised. */
export interface OutputContext {
  /** Real text → the README's (the real ports back to 4000/8080/8443, the token back to `whk_…`). */
  back: Array<[string | RegExp, string]>;
  /** The session's HOME, shown as `~`. */
  home: string;
}

const FIXED_PORTS = new Set(['4000', '8080', '8443']);

/** Undefined when `actual` is what `expected` (the README's text) shows; otherwise the mismatch. */
export function compareOutput(
  expected: string,
  actual: string,
  ctx: OutputContext,
  json = false,
): Mismatch | undefined {
  const real = mapBack(actual, ctx);
  let want = normalise(expected);
  let got = normalise(real);
  if (json) {
    want = flatten(want);
    got = flatten(got);
  }
  if (want === '' ? got === '' : toPattern(want).test(`${got}\n`)) return undefined;
  return { expected: want, actual: got, diff: lineDiff(want, got) };
}

/** The real output with the session's addresses, token and home written as the README writes them. */
export function mapBack(actual: string, ctx: OutputContext): string {
  let real = actual;
  for (const [from, to] of ctx.back) real = real.replaceAll(from, to);
  return ctx.home ? real.replaceAll(ctx.home, '~') : real;
}

/** The normal form both sides are compared in. */
export function normalise(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(/\b(?:[A-Za-z0-9+/]{4}){6,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?/g, (m) =>
      isGlobalId(m) ? '<id>' : m,
    )
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?/g, '<time>')
    .replace(/\b\d{4}-\d\d-\d\d\b/g, '<date>')
    .replace(/127\.0\.0\.1:(\d+)/g, (m, port: string) => (FIXED_PORTS.has(port) ? m : '127.0.0.1:<port>'))
    .split('\n')
    .map((l) => l.replace(/ {2,}/g, '  ').trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

function isGlobalId(text: string): boolean {
  const decoded = Buffer.from(text, 'base64').toString('utf8');
  return /^[A-Z][A-Za-z]+:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(decoded);
}

/** A JSON answer laid out over lines, as one line. */
function flatten(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .join('');
}

/** The README's expected text as a regular expression over the real output (with a final newline). */
function toPattern(expected: string): RegExp {
  const parts = expected.split('\n').map((line) => {
    if (line.trim() === '…') return '(?:[^\\n]*\\n)*?';
    return `${line
      .split('…')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^\\n]*?')}\\n`;
  });
  return new RegExp(`^${parts.join('')}$`);
}

/** Expected and actual side by side from the first line that differs (a `…` line is skipped over). */
function lineDiff(expected: string, actual: string): string {
  const want = expected === '' ? [] : expected.split('\n');
  const got = actual === '' ? [] : actual.split('\n');
  let i = 0;
  while (i < want.length && i < got.length && toPattern(want[i]!).test(`${got[i]}\n`)) i++;
  const out = [`(first difference at output line ${i + 1})`];
  for (let k = i; k < Math.max(want.length, got.length) && k < i + 12; k++) {
    if (k < want.length) out.push(`- ${want[k]}`);
    if (k < got.length) out.push(`+ ${got[k]}`);
  }
  return out.join('\n');
}
