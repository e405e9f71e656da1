import pg from 'pg';

/** pg's own parser for timestamptz text (postgres-date): every form Postgres can print. */
const general = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date | number | null;

const digit = (s: string, i: number): number => s.charCodeAt(i) - 48;
const two = (s: string, i: number): number => digit(s, i) * 10 + digit(s, i + 1);

/**
 * timestamptz text as Postgres prints it for this server's sessions
 * (`2026-11-30 16:23:46.556789+00`, or with a `+05:30` zone), read without
 * a regular expression: every instance row carries three or four of these
 * and a page parses them on every request. Anything else (years before 1000
 * or after 9999, BC, infinity, zones with seconds) goes to pg's parser, and
 * the result is the same Date it would give (the unit test compares them).
 */
export function parseTimestamptz(text: string): Date | number | null {
  const n = text.length;
  if (
    n < 22 ||
    text.charCodeAt(0) === 48 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  ) {
    return general(text);
  }
  let i = 19;
  let ms = 0;
  if (text.charCodeAt(i) === 46) {
    let end = i + 1;
    while (end < n && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
    // The same arithmetic as postgres-date, so sub-millisecond digits truncate alike.
    ms = 1000 * Number.parseFloat(text.slice(i, end));
    i = end;
  }
  const sign = text.charCodeAt(i);
  const rest = n - i;
  if ((sign !== 43 && sign !== 45) || (rest !== 3 && rest !== 6) || (rest === 6 && text.charCodeAt(i + 3) !== 58)) {
    return general(text);
  }
  const zoneMinutes = two(text, i + 1) * 60 + (rest === 6 ? two(text, i + 4) : 0);
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + two(text, 2);
  const utc = Date.UTC(year, two(text, 5) - 1, two(text, 8), two(text, 11), two(text, 14), two(text, 17), ms);
  if (Number.isNaN(utc)) return general(text);
  return new Date(utc - (sign === 43 ? 1 : -1) * zoneMinutes * 60_000);
}

/** The type parsers the pool's clients use: pg's, with timestamptz read by parseTimestamptz. */
export const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): unknown {
    if (oid === pg.types.builtins.TIMESTAMPTZ && format !== 'binary') return parseTimestamptz;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};
