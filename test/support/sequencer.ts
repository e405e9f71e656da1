import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suite's longest files (each about 20 s or more in CI's passes on a loaded 2-core machine,
 * 2026-12-02), longest first. Most start Node child processes, wait out a fixed interval or
 * an autoscaler's window, so they do not shrink with the rest. The autoscaler's test alone
 * took two minutes; left at the end of a pass, it ran by itself while the other worker idled.
 */
const KNOWN_LONG = [
  'test/worker/autoscaler.test.ts',
  'test/providers/dockerd-fault.test.ts',
  'test/foundation/migrate-cli.test.ts',
  'test/edge/edge-rollout.test.ts',
  'test/edge/canary.test.ts',
  'test/browser/console.test.ts',
  'test/control/fuzz.test.ts',
  'test/cli/cli.test.ts',
  'test/browser/console-autoscale-chart.test.ts',
  'test/browser/console-rollout.test.ts',
  'test/edge/edge-faults.test.ts',
  'test/cli/cli-canary.test.ts',
  'test/providers/docker-provider.test.ts',
  'test/providers/provider-registration.test.ts',
  'test/cli/cli-autoscale.test.ts',
  'test/foundation/config.test.ts',
  'test/cli/cli-routes.test.ts',
  'test/webhooks/webhook-delivery.test.ts',
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
