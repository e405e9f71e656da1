/**
 * The canary flags of `deploy` (strict durations, steps, rates) and the lines
 * the CLI prints for analysis runs: pure functions, so the usage errors are
 * checked here without a server (cli-canary.test.ts runs one of each end to end).
 */
import { describe, expect, it } from 'vitest';
import {
  canaryInputOf,
  parseCount,
  parseDuration,
  parseRate,
  parseSteps,
  parseStrategy,
} from '../../src/cli/canary-flags.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { describeAnalysis } from '../../src/cli/rollout-lines.js';

/** The one-line message and exit code `fn` throws. */
function refusal(fn: () => unknown): { message: string; exitCode: number } {
  try {
    fn();
  } catch (err) {
    if (err instanceof CliError) return { message: err.message, exitCode: err.exitCode };
    throw err;
  }
  throw new Error('it did not throw');
}

describe('canary flags', () => {
  it('durations: 30s, 2m, 1h, 1m30s; a bare number, a unit of its own or 0s are refused', () => {
    expect(['30s', '2m', '1h', '1m30s'].map((d) => parseDuration('--pause', d))).toEqual([30, 120, 3600, 90]);
    for (const bad of ['30', '2x', '', 's', '1.5m', '0s', '30s ', '-1s', '1s1m']) {
      expect(
        refusal(() => parseDuration('--pause', bad)),
        bad,
      ).toEqual({
        message:
          bad === '0s'
            ? '--pause: "0s" must be longer than 0s'
            : `--pause: "${bad}" is not a duration like 30s, 2m or 1h`,
        exitCode: 2,
      });
    }
  });

  it('steps are percentages from 1 to 99; rates a share or a percentage; counts whole numbers', () => {
    expect(parseSteps('10,50')).toEqual([10, 50]);
    expect(parseSteps('25')).toEqual([25]);
    for (const bad of ['0', '100', '10,', '10;50', '5.5', 'ten'])
      expect(refusal(() => parseSteps(bad)).exitCode).toBe(2);
    expect([parseRate('0.05'), parseRate('5%'), parseRate('0'), parseRate('1')]).toEqual([0.05, 0.05, 0, 1]);
    for (const bad of ['1.5', '-0.1', 'x', '150%']) expect(refusal(() => parseRate(bad)).exitCode).toBe(2);
    expect(parseCount('--min-requests', 0)('20')).toBe(20);
    expect(refusal(() => parseCount('--failure-limit', 1)('0')).message).toBe(
      '--failure-limit: "0" is not a whole number of at least 1',
    );
  });

  it('strategies by their CLI names or the API enum; anything else is refused', () => {
    expect(['canary', 'blue-green', 'BLUE_GREEN', 'Rolling', 'recreate'].map(parseStrategy)).toEqual([
      'CANARY',
      'BLUE_GREEN',
      'BLUE_GREEN',
      'ROLLING',
      'RECREATE',
    ]);
    expect(refusal(() => parseStrategy('sideways')).message).toBe(
      '--strategy: "sideways" is not one of rolling, recreate, canary, blue-green',
    );
  });

  it('the CanaryInput: --pause on every step, absent without it (each step waits for promote); analysis only as given', () => {
    expect(canaryInputOf('CANARY', { steps: [10, 50], pause: 30, maxErrorRate: 0.05 })).toEqual({
      steps: [
        { weight: 10, pauseSeconds: 30 },
        { weight: 50, pauseSeconds: 30 },
      ],
      analysis: { maxErrorRate: 0.05 },
    });
    expect(canaryInputOf('CANARY', { steps: [50], interval: 2, minRequests: 5, failureLimit: 2 })).toEqual({
      steps: [{ weight: 50 }],
      analysis: { intervalSeconds: 2, minRequests: 5, failureLimit: 2 },
    });
    expect(canaryInputOf('ROLLING', {})).toBeUndefined();
    expect(canaryInputOf(undefined, {})).toBeUndefined();
    expect(refusal(() => canaryInputOf('ROLLING', { pause: 30 })).message).toBe('--pause: only with --strategy canary');
    expect(refusal(() => canaryInputOf('CANARY', {})).message).toBe(
      '--steps: a canary needs its steps, e.g. --steps 10,50',
    );
  });
});

describe('analysis lines', () => {
  it('the verdict, the counts, then the server’s words without the counts they repeat', () => {
    expect(
      describeAnalysis({ requests: 24, errorRate: 0, passed: true, message: '0/24 5xx (0.0%), within 5.0%' }),
    ).toBe('analysis passed: 24 requests, 0.0% 5xx (within 5.0%)');
    expect(
      describeAnalysis({
        requests: 8,
        errorRate: 1,
        passed: false,
        message: '8/8 5xx (100.0%), above maxErrorRate 5.0%',
      }),
    ).toBe('analysis FAILED: 8 requests, 100.0% 5xx (above maxErrorRate 5.0%)');
    expect(
      describeAnalysis({
        requests: 3,
        errorRate: 0,
        passed: false,
        message: 'inconclusive: 3 request(s), fewer than minRequests 20',
      }),
    ).toBe('analysis inconclusive: 3 requests, 0.0% 5xx (fewer than minRequests 20)');
    // A p99 verdict: the failed one first (it is the abort reason), the counts still not repeated.
    expect(
      describeAnalysis({
        requests: 24,
        errorRate: 0,
        passed: false,
        message: 'p99 325 ms above maxP99Ms 100 ms; 0/24 5xx (0.0%), within 5.0%',
      }),
    ).toBe('analysis FAILED: 24 requests, 0.0% 5xx (p99 325 ms above maxP99Ms 100 ms; within 5.0%)');
    expect(
      describeAnalysis({
        requests: 452,
        errorRate: 0,
        passed: true,
        message: '0/452 5xx (0.0%), within 5.0%; p99 13 ms within 2000 ms',
      }),
    ).toBe('analysis passed: 452 requests, 0.0% 5xx (within 5.0%; p99 13 ms within 2000 ms)');
    expect(
      describeAnalysis({ requests: 2, errorRate: 0, passed: false, message: 'a replica of the new release restarted' }),
    ).toBe('analysis FAILED: 2 requests, 0.0% 5xx (a replica of the new release restarted)');
  });
});
