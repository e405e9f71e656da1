/**
 * The inputs of progressive delivery (DeployInstanceInput.canary and
 * blueGreen) checked by field path, and the rollout document a canary deploy
 * starts from (written on its operation in the enqueue's transaction).
 */
import type { DeployStrategy } from '../providers/provider.js';
import type { StoredAnalysisSettings, StoredRollout } from './model.js';
import type { Problems } from './spec-validation.js';

/** AnalysisInput as the schema passes it. */
export interface AnalysisInput {
  maxErrorRate?: number | null;
  maxP99Ms?: number | null;
  intervalSeconds?: number | null;
  minRequests?: number | null;
  failureLimit?: number | null;
}

/** CanaryInput as the schema passes it. */
export interface CanaryInput {
  steps: readonly { weight: number; pauseSeconds?: number | null }[];
  analysis?: AnalysisInput | null;
}

/** BlueGreenInput as the schema passes it. */
export interface BlueGreenInput {
  autoPromoteSeconds?: number | null;
  scaleDownDelaySeconds?: number | null;
  analysis?: AnalysisInput | null;
}

/** The most steps a canary may have. */
export const MAX_CANARY_STEPS = 20;
/** The longest pause of one step, and the longest analysis interval (a day, an hour). */
const MAX_PAUSE_SECONDS = 86_400;
const MAX_INTERVAL_SECONDS = 3_600;
/** The largest p99 limit: the edge's server timeout is a minute. */
const MAX_P99_MS = 60_000;

/** Checks that the strategy and its settings go together (each setting only with its strategy). */
export function checkStrategyInputs(
  p: Problems,
  strategy: DeployStrategy,
  canary: CanaryInput | null | undefined,
  blueGreen: BlueGreenInput | null | undefined,
  at: (string | number)[] = ['input'],
): void {
  if (strategy === 'canary' && !canary) p.add([...at, 'canary'], 'a CANARY deploy needs its steps');
  if (canary && strategy !== 'canary') p.add([...at, 'canary'], 'only with strategy CANARY');
  if (blueGreen && strategy !== 'blue_green') p.add([...at, 'blueGreen'], 'only with strategy BLUE_GREEN');
  if (canary) checkCanary(p, canary, [...at, 'canary']);
  if (blueGreen?.analysis) checkAnalysis(p, blueGreen.analysis, [...at, 'blueGreen', 'analysis']);
  const bg = [...at, 'blueGreen'];
  if (
    blueGreen?.autoPromoteSeconds != null &&
    (blueGreen.autoPromoteSeconds < 0 || blueGreen.autoPromoteSeconds > MAX_PAUSE_SECONDS)
  )
    p.add([...bg, 'autoPromoteSeconds'], `must be from 0 to ${MAX_PAUSE_SECONDS}`);
  if (
    blueGreen?.scaleDownDelaySeconds != null &&
    (blueGreen.scaleDownDelaySeconds < 0 || blueGreen.scaleDownDelaySeconds > MAX_PAUSE_SECONDS)
  )
    p.add([...bg, 'scaleDownDelaySeconds'], `must be from 0 to ${MAX_PAUSE_SECONDS}`);
}

function checkCanary(p: Problems, canary: CanaryInput, at: (string | number)[]): void {
  if (canary.steps.length === 0) p.add([...at, 'steps'], 'must have at least one step');
  if (canary.steps.length > MAX_CANARY_STEPS) p.add([...at, 'steps'], `at most ${MAX_CANARY_STEPS} steps`);
  canary.steps.forEach((s, i) => {
    if (!Number.isInteger(s.weight) || s.weight < 1 || s.weight > 99)
      p.add([...at, 'steps', i, 'weight'], 'must be a whole percent from 1 to 99 (after the last step comes 100)');
    if (s.pauseSeconds != null && (s.pauseSeconds < 0 || s.pauseSeconds > MAX_PAUSE_SECONDS))
      p.add([...at, 'steps', i, 'pauseSeconds'], `must be from 0 to ${MAX_PAUSE_SECONDS}`);
  });
  if (canary.analysis) checkAnalysis(p, canary.analysis, [...at, 'analysis']);
}

function checkAnalysis(p: Problems, a: AnalysisInput, at: (string | number)[]): void {
  if (a.maxErrorRate != null && !(a.maxErrorRate >= 0 && a.maxErrorRate <= 1))
    p.add([...at, 'maxErrorRate'], 'must be a share from 0 to 1 (0.05 is 5 %)');
  if (a.maxP99Ms != null && !(Number.isInteger(a.maxP99Ms) && a.maxP99Ms >= 1 && a.maxP99Ms <= MAX_P99_MS))
    p.add([...at, 'maxP99Ms'], `must be whole milliseconds from 1 to ${MAX_P99_MS}`);
  if (a.intervalSeconds != null && (a.intervalSeconds < 1 || a.intervalSeconds > MAX_INTERVAL_SECONDS))
    p.add([...at, 'intervalSeconds'], `must be from 1 to ${MAX_INTERVAL_SECONDS}`);
  if (a.minRequests != null && (a.minRequests < 0 || a.minRequests > 1_000_000))
    p.add([...at, 'minRequests'], 'must be from 0 to 1000000');
  if (a.failureLimit != null && (a.failureLimit < 1 || a.failureLimit > 100))
    p.add([...at, 'failureLimit'], 'must be from 1 to 100');
}

/**
 * Refuses `maxP99Ms` on a provider whose canary engine does not measure
 * response times: said plainly rather than accepted and never checked.
 */
export function refuseUnmeasuredLatency(
  p: Problems,
  measured: boolean,
  canary: CanaryInput | null | undefined,
  blueGreen: BlueGreenInput | null | undefined,
  at: (string | number)[] = ['input'],
): void {
  if (measured) return;
  const why = "this provider's canary analysis does not measure response times: leave maxP99Ms out";
  if (canary?.analysis?.maxP99Ms != null) p.add([...at, 'canary', 'analysis', 'maxP99Ms'], why);
  if (blueGreen?.analysis?.maxP99Ms != null) p.add([...at, 'blueGreen', 'analysis', 'maxP99Ms'], why);
}

/** The analysis settings with the contract's defaults. */
export function analysisSettings(a: AnalysisInput | null | undefined): StoredAnalysisSettings {
  return {
    maxErrorRate: a?.maxErrorRate ?? 0.05,
    maxP99Ms: a?.maxP99Ms ?? null,
    intervalSeconds: a?.intervalSeconds ?? 10,
    minRequests: a?.minRequests ?? 20,
    failureLimit: a?.failureLimit ?? 1,
  };
}

/** The rollout a canary deploy starts from (its release ids are filled in by the enqueue). */
export function canaryRollout(canary: CanaryInput, services: string[]): StoredRollout {
  return {
    strategy: 'canary',
    phase: 'progressing',
    stepIndex: 0,
    steps: canary.steps.map((s) => ({
      weight: s.weight,
      pauseSeconds: s.pauseSeconds ?? null,
      startedAt: null,
      finishedAt: null,
    })),
    canaryWeight: 0,
    stableReleaseId: null,
    newReleaseId: null,
    previewUrl: null,
    analysis: [],
    abortReason: null,
    settings: analysisSettings(canary.analysis),
    failures: 0,
    services,
  };
}

/**
 * The rollout a deploy or rollback by `strategy` starts from: none for
 * ROLLING and RECREATE (nor for a CANARY without its steps, which
 * checkStrategyInputs refuses first).
 */
export function startingRollout(
  strategy: DeployStrategy,
  canary: CanaryInput | null | undefined,
  blueGreen: BlueGreenInput | null | undefined,
  services: string[],
): StoredRollout | undefined {
  if (strategy === 'canary') return canary ? canaryRollout(canary, services) : undefined;
  if (strategy === 'blue_green') return blueGreenRollout(blueGreen ?? {}, services);
  return undefined;
}

/** The rollout a blue-green deploy starts from: one step at weight 0 (the preview) held until promoted. */
export function blueGreenRollout(blueGreen: BlueGreenInput, services: string[]): StoredRollout {
  return {
    ...canaryRollout(
      {
        steps: [{ weight: 1, pauseSeconds: blueGreen.autoPromoteSeconds ?? null }],
        analysis: blueGreen.analysis ?? null,
      },
      services,
    ),
    strategy: 'blue_green',
    steps: [{ weight: 0, pauseSeconds: blueGreen.autoPromoteSeconds ?? null, startedAt: null, finishedAt: null }],
    scaleDownDelaySeconds: blueGreen.scaleDownDelaySeconds ?? 30,
    switchedAt: null,
  };
}
