import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suite's longest files in CI's Postgres pass (a fresh-clone run on a 2-core machine,
 * 2026-12-07), longest first. Most start Node child processes, a browser or a
 * second dockerd, or wait out a fixed interval, so they do not shrink with the rest; left at
 * the end of a pass, one ran by itself while the other worker idled. (The autoscaler's test,
 * once two minutes of real windows, now runs on a moved clock.)
 */
const KNOWN_LONG = [
  'test/providers/dockerd-fault.test.ts',
  'test/foundation/migrate-cli.test.ts',
  'test/edge/edge-rollout.test.ts',
  'test/cli/cli-canary.test.ts',
  'test/edge/canary.test.ts',
  'test/providers/docker-provider.test.ts',
  'test/providers/provider-registration.test.ts',
  'test/browser/console-rollout.test.ts',
  'test/browser/console-autoscale-chart.test.ts',
  'test/edge/edge-faults.test.ts',
  'test/foundation/config.test.ts',
  'test/webhooks/webhook-delivery.test.ts',
  'test/worker/autoscaler.test.ts',
  'test/browser/console.test.ts',
  'test/edge/canary-resume.test.ts',
  'test/providers/kubernetes-provider.test.ts',
];

/**
 * Longest files first, so two workers finish together instead of one running a
 * long file alone at the end. vitest does that itself from the durations it
 * cached in the last run; without them (a fresh clone: CI's first pass) it
 * falls back to the largest files first, which put the longest file two thirds
 * of the way down. Then the known-long files go first, the rest in vitest's order.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const cached = sorted.every((f) =>
      this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(root, f.moduleId)}`),
    );
    if (cached) return sorted;
    const rank = (f: TestSpecification) => {
      const i = KNOWN_LONG.indexOf(relative(root, f.moduleId));
      return i === -1 ? KNOWN_LONG.length : i;
    };
    // Array sort is stable: the files not listed keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
