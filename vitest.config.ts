import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/sequencer.js';
import { filesOf } from './test/support/test-shape.js';

// A CI pass may run one subset of the suite (test/support/test-shape.ts); `npm test` runs it all.
const only = process.env.WHEELHOUSE_TEST_ONLY;

export default defineConfig({
  resolve: {
    // graphql ships CJS (main) and ESM (module) builds; Node loads the CJS one for
    // Pothos and yoga, so our own imports must get the same one, not a second realm.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: only ? filesOf(import.meta.dirname, only) : ['test/**/*.test.ts'],
    // Integration tests share one engine and one database per run; two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/support/global-setup.ts'],
    reporters: ['default'],
    sequence: { sequencer: LongestFirstSequencer },
  },
});
