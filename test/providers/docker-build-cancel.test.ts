/**
 * Stopping a build: a caller's cancel and the build's own deadline both end
 * a `RUN sleep 600` step within seconds, and nothing of it keeps running.
 * BuildKit runs steps with runc, not as Docker containers, so the proof is
 * the host's process list (and, for the classic builder's habit, that no
 * container was left either).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildEngine } from '../../src/providers/builds.js';
import { CanceledError, isProviderError } from '../../src/providers/provider-errors.js';
import { BASE, Contexts, collect, docker, dockerBuilder, processesWith, request } from './docker-build-fixture.js';

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Containers (any state) whose command mentions `needle`. */
async function containersWith(needle: string): Promise<string[]> {
  const all = await docker.listContainers({ all: true });
  return all.filter((c) => c.Command.includes(needle)).map((c) => c.Id);
}

describe('Docker builder engine: cancel and timeout', () => {
  let builder: BuildEngine;
  const contexts = new Contexts();

  beforeAll(async () => {
    builder = await dockerBuilder();
  }, 120_000);

  afterAll(async () => {
    await contexts.cleanup();
  });

  /** A context whose last step sleeps 600 s; the fraction makes its command line unique to this build. */
  const sleeper = () => {
    const needle = `sleep 600.${Date.now()}`;
    return { needle, dir: contexts.make({ Dockerfile: `FROM ${BASE}\nRUN echo starting && ${needle}\n` }) };
  };

  it('stops the build when the caller cancels: CanceledError within seconds, no process or container left', async () => {
    const { needle, dir } = sleeper();
    const controller = new AbortController();
    const building = builder
      .build({ signal: controller.signal }, request(dir, contexts.tag()), collect())
      .catch((e: unknown) => e);
    await until('the sleep step to run on the host', () => processesWith(needle).length > 0, 60_000);
    const abortedAt = Date.now();
    controller.abort();
    const err = await building;
    expect(err).toBeInstanceOf(CanceledError);
    expect(Date.now() - abortedAt).toBeLessThan(10_000);
    await until('the sleep step to be gone', () => processesWith(needle).length === 0, 10_000);
    expect(await containersWith(needle)).toEqual([]);
  }, 120_000);

  it('stops the build at its deadline with build_timeout, leaving nothing running', async () => {
    const { needle, dir } = sleeper();
    const startedAt = Date.now();
    let ran = false;
    const watch = setInterval(() => {
      ran ||= processesWith(needle).length > 0;
    }, 100);
    const err = await builder
      .build({}, request(dir, contexts.tag(), { timeoutMs: 6_000 }), collect())
      .catch((e: unknown) => e)
      .finally(() => clearInterval(watch));
    // The step did run on the host before the deadline stopped it.
    expect(ran).toBe(true);
    expect(isProviderError(err, 'build_timeout')).toBe(true);
    expect((err as Error).message).toMatch(/timed out after 6s and was stopped during #\d+ \[2\/2\] RUN echo starting/);
    expect(Date.now() - startedAt).toBeLessThan(16_000);
    await until('the sleep step to be gone', () => processesWith(needle).length === 0, 10_000);
    expect(await containersWith(needle)).toEqual([]);
  }, 120_000);
});
