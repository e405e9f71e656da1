import type { CanaryInput, DeployStrategy } from '../client/generated/graphql.js';
import { usageError } from './exit-codes.js';

/** The flags of `deploy` that shape a progressive rollout, as commander parsed them. */
export interface RolloutFlags {
  strategy?: string;
  steps?: number[];
  pause?: number;
  maxErrorRate?: number;
  interval?: number;
  minRequests?: number;
  failureLimit?: number;
}

const STRATEGIES: Record<string, DeployStrategy> = {
  rolling: 'ROLLING',
  recreate: 'RECREATE',
  canary: 'CANARY',
  'blue-green': 'BLUE_GREEN',
};

/** `canary`, `blue-green` (or the API's `BLUE_GREEN`) → the DeployStrategy; anything else is a usage error. */
export function parseStrategy(raw: string): DeployStrategy {
  const strategy = STRATEGIES[raw.toLowerCase().replace(/_/g, '-')];
  if (!strategy) throw usageError(`--strategy: "${raw}" is not one of ${Object.keys(STRATEGIES).join(', ')}`);
  return strategy;
}

const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1 };

/**
 * A duration like `30s`, `2m`, `1h` or `1m30s` → whole seconds. A bare number
 * is refused: "30" could as well mean minutes, and a wrong pause is a bad surprise.
 */
export function parseDuration(flag: string, raw: string): number {
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(raw);
  if (!raw || !parts || parts.slice(1).every((p) => p === undefined)) {
    throw usageError(`${flag}: "${raw}" is not a duration like 30s, 2m or 1h`);
  }
  const [, h, m, s] = parts;
  const seconds = Number(h ?? 0) * UNIT_SECONDS.h! + Number(m ?? 0) * UNIT_SECONDS.m! + Number(s ?? 0);
  if (seconds <= 0) throw usageError(`${flag}: "${raw}" must be longer than 0s`);
  return seconds;
}

/** `10,50` → [10, 50]: each a whole percent from 1 to 99 (the last step, 100 %, is implied). */
export function parseSteps(raw: string): number[] {
  const weights = raw.split(',').map((w) => w.trim());
  return weights.map((w) => {
    const n = Number(w);
    if (!/^\d+$/.test(w) || n < 1 || n > 99) {
      throw usageError(`--steps: "${raw}" is not percentages from 1 to 99 like 10,50 (100 comes last by itself)`);
    }
    return n;
  });
}

/** A share from 0 to 1 (`0.05`), or a percentage (`5%`). */
export function parseRate(raw: string): number {
  const pct = /^(\d+(?:\.\d+)?)%$/.exec(raw);
  const n = pct ? Number(pct[1]) / 100 : /^\d*\.?\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 0 && n <= 1)) throw usageError(`--max-error-rate: "${raw}" is not a share from 0 to 1 (0.05) or 5%`);
  return n;
}

/** A whole number of at least `min`. */
export function parseCount(flag: string, min: number) {
  return (raw: string): number => {
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min) throw usageError(`${flag}: "${raw}" is not a whole number of at least ${min}`);
    return n;
  };
}

/**
 * The CanaryInput the flags ask for, or undefined for another strategy.
 * Canary flags without `--strategy canary` are refused rather than ignored,
 * and a canary needs its steps. The server checks the rest (its ValidationError names the field).
 */
export function canaryInputOf(strategy: DeployStrategy | undefined, f: RolloutFlags): CanaryInput | undefined {
  const given = (
    [
      ['--steps', f.steps],
      ['--pause', f.pause],
      ['--max-error-rate', f.maxErrorRate],
      ['--interval', f.interval],
      ['--min-requests', f.minRequests],
      ['--failure-limit', f.failureLimit],
    ] as const
  ).filter(([, v]) => v !== undefined);
  if (strategy !== 'CANARY') {
    if (given.length > 0) throw usageError(`${given[0]![0]}: only with --strategy canary`);
    return undefined;
  }
  if (!f.steps) throw usageError('--steps: a canary needs its steps, e.g. --steps 10,50');
  const analysis = {
    ...(f.maxErrorRate !== undefined ? { maxErrorRate: f.maxErrorRate } : {}),
    ...(f.interval !== undefined ? { intervalSeconds: f.interval } : {}),
    ...(f.minRequests !== undefined ? { minRequests: f.minRequests } : {}),
    ...(f.failureLimit !== undefined ? { failureLimit: f.failureLimit } : {}),
  };
  return {
    // Without --pause each step holds until `wheelhouse promote`.
    steps: f.steps.map((weight) => ({ weight, ...(f.pause !== undefined ? { pauseSeconds: f.pause } : {}) })),
    ...(Object.keys(analysis).length > 0 ? { analysis } : {}),
  };
}
