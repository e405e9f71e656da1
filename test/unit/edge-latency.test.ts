/**
 * The edge's response times: the ring and the log line every HTTP frontend
 * renders (accepted by the real HAProxy), the ring line parser, the window
 * and server filter a canary's reading applies, and the p99 by nearest rank.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderEdgeConfig } from '../../src/providers/docker/docker-edge-config.js';
import {
  LATENCY_RING,
  latenciesOf,
  parseLatencyLine,
  quantile,
} from '../../src/providers/docker/docker-edge-latency.js';
import { validateConfig } from '../../src/providers/docker/docker-edge-process.js';
import { HAPROXY } from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const haproxy = !skipUnless('HAProxy', existsSync(HAPROXY));

function render(crtList?: string): string {
  return renderEdgeConfig({
    adminSocket: '/tmp/wh-latency-test.sock',
    bindHost: '127.0.0.1',
    httpPort: 18080,
    httpsPort: 18443,
    crtList,
    routes: [
      { host: 'a.localhost', pathPrefix: '/', backend: 'b_x_web_8080', tls: Boolean(crtList), redirectHttp: false },
    ],
    backends: [{ name: 'b_x_web_8080', servers: [{ name: 'c000000000001', address: '10.0.0.2', port: 8080 }] }],
    checkIntervalMs: 500,
  });
}

describe('the latency ring in haproxy.cfg', () => {
  it('is a bounded ring, and every HTTP frontend logs one line per response into it', () => {
    const text = render('/tmp/crt-list.txt');
    expect(text).toContain(`ring ${LATENCY_RING}\n  format raw\n  maxlen 512\n  size 2097152\n`);
    const logs = text.match(/^ {2}log ring@wh_latency format raw local0 info$/gm) ?? [];
    // The HTTP and the HTTPS frontend.
    expect(logs).toHaveLength(2);
    expect(text.match(/^ {2}log-format "%Ts%ms %Tt %Ta %ST %b %s"$/gm)).toHaveLength(2);
  });

  it.runIf(haproxy)('is accepted by HAProxy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wh-latency-'));
    try {
      const file = join(dir, 'haproxy.cfg');
      writeFileSync(file, render());
      await expect(validateConfig(HAPROXY, file)).resolves.toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseLatencyLine', () => {
  it('reads a line as HAProxy writes it: accept ms, total, active time, status, backend, server', () => {
    expect(parseLatencyLine('1796194125672 303 301 200 b_x_web_8080 c0123456789ab')).toEqual({
      backend: 'b_x_web_8080',
      server: 'c0123456789ab',
      status: 200,
      ms: 301,
      // The response ended when the stream was accepted plus its total time.
      endMs: 1796194125975,
    });
    expect(parseLatencyLine('1796194125672 5 5 503 b_x_web_8080 <NOSRV>')?.server).toBe('<NOSRV>');
  });

  it('skips what is not a whole line of its format, and requests HAProxy never timed', () => {
    expect(parseLatencyLine('')).toBeUndefined();
    expect(parseLatencyLine('No such event sink')).toBeUndefined();
    expect(parseLatencyLine('1796194125672 303 301 200 b_x_web_8080')).toBeUndefined();
    expect(parseLatencyLine('1796194125672 303 -1 -1 b_x_web_8080 c0123456789ab')).toBeUndefined();
    expect(parseLatencyLine('1796194125672 303 abc 200 b_x_web_8080 c0123456789ab')).toBeUndefined();
  });
});

describe('latenciesOf', () => {
  const dump = [
    '1000 10 7 200 b_x_web_8080 cnew000000001',
    '1000 30 25 200 b_x_web_8080 cold000000001',
    '1500 40 33 500 p_x_web_8080 cnew000000001',
    'garbage',
    '2000 50 44 200 b_x_web_8080 cnew000000001',
    '',
  ].join('\n');
  const fresh = (s: { server: string }) => s.server === 'cnew000000001';

  it('keeps the chosen servers’ times of the responses that ended in (since, until]', () => {
    expect(latenciesOf(dump, fresh, 0)).toEqual([7, 33, 44]);
    // Ended at 1010, 1540, 2050.
    expect(latenciesOf(dump, fresh, 1010)).toEqual([33, 44]);
    expect(latenciesOf(dump, fresh, 1009, 1540)).toEqual([7, 33]);
    expect(latenciesOf(dump, () => true, 0)).toEqual([7, 25, 33, 44]);
  });
});

describe('quantile', () => {
  it('is the nearest rank: p99 of 1..100 is 99, of 1..1000 is 990; one value is its own p99', () => {
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => n - i);
    expect(quantile(upTo(100), 0.99)).toBe(99);
    expect(quantile(upTo(1000), 0.99)).toBe(990);
    expect(quantile([412], 0.99)).toBe(412);
    expect(quantile([3, 1000, 2], 0.99)).toBe(1000);
    expect(quantile([], 0.99)).toBeUndefined();
  });
});
