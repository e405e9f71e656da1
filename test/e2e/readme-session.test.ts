/**
 * The README's "A first session", run as written (scripts/readme-session.ts):
 * a fresh server started as "Install and start" says, on a fresh data dir and
 * free ports, the local Docker Engine and HAProxy; every sh block and console
 * command of the GraphQL, CLI, routes, canary and TypeScript sections in
 * order, in one bash; each output compared with the README's. A README that
 * drifts from the product fails here with the README's line, the command and
 * the diff. Whatever the session leaves on the engine (its own label) is a
 * failure and is removed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFailure, runReadmeSession } from '../../scripts/readme-session.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { ensureTestImages } from '../support/docker-images.js';
import { HAPROXY } from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));

describe.runIf(run)("the README's first session", () => {
  it('runs start to end as written, with the outputs the README shows, and leaves nothing behind', async () => {
    await ensureTestImages();
    const lines: number[] = [];
    const result = await runReadmeSession({ onCommand: (line) => lines.push(line) });
    const why = result.failure
      ? `${describeFailure(result.failure)}\n\nserver log (last lines):\n${result.serverLog.split('\n').slice(-30).join('\n')}`
      : undefined;
    expect(why).toBeUndefined();
    expect(result.leftovers).toEqual([]);
    // Every section ran, not just the first: the GraphQL helper, the CLI, the canary, TypeScript, the teardown.
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8').split('\n');
    const ranText = lines.map((l) => readme[l - 1] ?? '');
    for (const marker of [
      'TOKEN=whk_…',
      'npx wheelhouse login',
      'npx wheelhouse apply -f site.yaml --wait',
      '--strategy canary',
      'npx tsx provision-example.ts',
      'npx wheelhouse destroy site --wait',
    ])
      expect(
        ranText.some((t) => t.includes(marker)),
        marker,
      ).toBe(true);
  }, 300_000);
});
