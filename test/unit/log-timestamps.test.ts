import { describe, expect, it } from 'vitest';
import { parseTimestamped } from '../../src/providers/log-timestamps.js';

describe('log line timestamps', () => {
  it('reads every line of one second to the millisecond, and the next second too', () => {
    const lines = [
      '2026-01-02T03:04:05.123456789Z first',
      '2026-01-02T03:04:05.9Z second',
      '2026-01-02T03:04:05.05Z third',
      '2026-01-02T03:04:06.000000001Z  two spaces',
      '2026-01-02T03:04:06.5Z',
    ];
    expect(lines.map((l) => parseTimestamped(l).timestamp?.toISOString())).toEqual([
      '2026-01-02T03:04:05.123Z',
      '2026-01-02T03:04:05.900Z',
      '2026-01-02T03:04:05.050Z',
      '2026-01-02T03:04:06.000Z',
      '2026-01-02T03:04:06.500Z',
    ]);
    expect(lines.map((l) => parseTimestamped(l).message)).toEqual(['first', 'second', 'third', ' two spaces', '']);
  });

  it('reads offsets and whole seconds, and leaves a line without a valid time whole', () => {
    expect(parseTimestamped('2026-01-02T03:04:05.5+02:00 east').timestamp?.toISOString()).toBe(
      '2026-01-02T01:04:05.500Z',
    );
    expect(parseTimestamped('2026-01-02T03:04:05Z whole').message).toBe('whole');
    // A second cached from an earlier line must not vouch for a different one.
    parseTimestamped('2026-12-02T03:04:05.1Z ok');
    for (const bad of ['2026-13-02T03:04:05.1Z x', 'abcd-01-02T03:04:05.1Z x']) {
      expect(parseTimestamped(bad).timestamp).toBeUndefined();
    }
    expect(parseTimestamped('2026-01-02T03:04:05.Z x')).toEqual({
      timestamp: undefined,
      message: '2026-01-02T03:04:05.Z x',
    });
  });
});
