import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { entriesFromBuffer, FollowLogStream } from '../../src/providers/docker/docker-logs.js';
import { parseTimestamped, readUtcTimestamp } from '../../src/providers/log-timestamps.js';
import type { LogEntry } from '../../src/providers/provider.js';

/** One frame of the Engine's multiplexed stream. */
function frame(stream: 1 | 2, text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** The time and message readUtcTimestamp reads from a line's bytes, or undefined where it declines. */
function fromBytes(line: string): { ms: number; message: string } | undefined {
  const buf = Buffer.from(`xx${line}yy`, 'utf8');
  const out = { ms: 0 };
  const from = readUtcTimestamp(buf, 2, buf.length - 2, out);
  return from < 0 ? undefined : { ms: out.ms, message: buf.toString('utf8', from, buf.length - 2) };
}

describe('timestamps read from the bytes of a log line', () => {
  it('agree with the string parser on every UTC form, and decline the others', () => {
    const lines = [
      '2026-01-02T03:04:05.123456789Z first',
      '2026-01-02T03:04:05.9Z second',
      '2026-01-02T03:04:05.05Z  two spaces',
      '2026-01-02T03:04:06Z whole second',
      '2026-01-02T03:04:06.000000001Z',
      '2026-01-02T03:04:06.5Z ',
      '2026-01-03T03:04:06.5Z the next day, same clock time',
      '2027-01-02T03:04:06.5Z the next year',
      '2026-01-02T03:04:06.5Z ünïcödé',
    ];
    for (const line of lines) {
      const s = parseTimestamped(line);
      expect(fromBytes(line), line).toEqual({ ms: s.timestamp?.getTime(), message: s.message });
    }
    // Offsets, a bare dot, a bad date and no time at all go to the string parser.
    for (const other of [
      '2026-01-02T03:04:05.5+02:00 east',
      '2026-01-02T03:04:05.Z x',
      '2026-13-02T03:04:05.1Z x',
      'abcd-01-02T03:04:05.1Z x',
      'no timestamp',
      '2026-01-02T03:04:05',
    ]) {
      expect(fromBytes(other), other).toBeUndefined();
    }
  });

  it('never lets the second cached from one line vouch for another', () => {
    expect(fromBytes('2026-12-02T03:04:05.1Z ok')?.ms).toBe(Date.parse('2026-12-02T03:04:05.100Z'));
    expect(fromBytes('2026-13-02T03:04:05.1Z x')).toBeUndefined();
    expect(fromBytes('2026-12-02T03:04:15.1Z ok')?.ms).toBe(Date.parse('2026-12-02T03:04:15.100Z'));
    expect(fromBytes('2026-12-02T03:04:05.1Z ok')?.ms).toBe(Date.parse('2026-12-02T03:04:05.100Z'));
  });
});

describe('Docker log frames into entries', () => {
  it('reads whole lines, CRLF, empty and multi-line frames, split lines and lines without a time', () => {
    const wire = Buffer.concat([
      frame(1, '2026-01-02T03:04:05.1Z plain\n'),
      frame(1, '2026-01-02T03:04:05.2Z crlf\r\n'),
      frame(1, '2026-01-02T03:04:05.3Z \n'),
      frame(2, '2026-01-02T03:04:05.4Z err start, '),
      frame(1, '2026-01-02T03:04:05.5Z a\nb\n'),
      frame(2, '2026-01-02T03:04:05.6Z err end\n'),
      frame(1, 'untimed\n'),
      frame(1, `2026-01-02T03:04:05.7Z ${'long '.repeat(40)}\n`),
      frame(2, '2026-01-02T03:04:05.8Z dangling'),
    ]);
    const entries = entriesFromBuffer(wire, { service: 'web' });
    const at = (ms: number) => new Date(Date.parse('2026-01-02T03:04:05Z') + ms);
    expect(entries.map((e) => [e.stream, e.message])).toEqual([
      ['stdout', 'plain'],
      ['stdout', 'crlf'],
      ['stdout', ''],
      ['stdout', 'a'],
      ['stdout', 'b'],
      ['stderr', 'err start, err end'],
      ['stdout', 'untimed'],
      ['stdout', `${'long '.repeat(40)}`],
      ['stderr', 'dangling'],
    ]);
    expect(entries.map((e) => e.timestamp.getTime()).filter((_, i) => i !== 6)).toEqual(
      [100, 200, 300, 500, 500, 400, 700, 800].map((ms) => at(ms).getTime()),
    );
    expect(entries.every((e) => e.service === 'web' && !('replica' in e))).toBe(true);
  });
});

describe('a followed Docker log response', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('hands a slow reader every line in order, pausing the response instead of holding it all', async () => {
    const LINES = 6000;
    let written = 0;
    let read = 0;
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.docker.multiplexed-stream' });
      // As the Engine does: one write per line, as fast as the socket takes them.
      const pump = () => {
        while (written < LINES) {
          const ok = res.write(
            frame(1, `2026-01-02T03:04:05.${String(written % 1000).padStart(3, '0')}Z line ${written}\n`),
          );
          written++;
          if (!ok) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const response = await new Promise<IncomingMessage>((resolve) =>
      get({ port, host: '127.0.0.1', path: '/' }, resolve),
    );
    const stream = new FollowLogStream([{ response, service: 'app', replica: 0 }]);
    const seen: LogEntry[] = [];
    let paused = 0;
    for await (const e of stream) {
      seen.push(e);
      read++;
      if (response.isPaused()) paused++;
      // A reader slower than the writer: it yields to the event loop every few lines.
      if (read % 50 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    expect(seen.map((e) => e.message)).toEqual(Array.from({ length: LINES }, (_, i) => `line ${i}`));
    expect(seen.every((e) => e.replica === 0 && e.service === 'app')).toBe(true);
    // The reader fell behind by more than the high-water mark, so the response was paused meanwhile
    // (and resumed, or the lines after would be missing).
    expect(paused).toBeGreaterThan(0);
  });
});
