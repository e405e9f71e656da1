/**
 * Whether the suite must have its real components. In CI (`CI=true`) or with
 * `WHEELHOUSE_TEST_STRICT=1` a missing Postgres or Docker Engine fails the run
 * instead of skipping: CI must never pass by testing less.
 */
export const strictComponents = process.env.CI === 'true' || process.env.WHEELHOUSE_TEST_STRICT === '1';

/**
 * Returns true when the tests needing `component` should be skipped: only
 * outside strict mode and only when the component is unavailable. In strict
 * mode an unavailable component throws, failing the file.
 */
export function skipUnless(component: string, available: boolean, why = ''): boolean {
  if (available) return false;
  if (strictComponents) {
    throw new Error(`${component} is required in CI but unavailable${why ? `: ${why}` : ''}`);
  }
  console.warn(`skipping ${component} tests: unavailable${why ? ` (${why})` : ''}`);
  return true;
}
