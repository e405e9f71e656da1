/**
 * The builder's classic path, for an Engine without BuildKit: chosen only
 * from the Engine's version; it refuses build secrets (never builds without
 * them); it counts steps and cached steps from the classic stream, applies
 * the CPU and memory limits to each step, and fails naming the step and its
 * last words without leaving a step container behind. This Engine has
 * BuildKit, so the builder is told the mode here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModeOf, DockerBuilder } from '../../src/providers/docker/docker-build.js';
import { Call } from '../../src/providers/docker/docker-call.js';
import { isProviderError } from '../../src/providers/provider-errors.js';
import { ensureTestImages } from '../support/docker-images.js';
import { BASE, Contexts, collect, docker, request } from './docker-build-fixture.js';

const call = () =>
  new Call('build', undefined, 30_000, { provider: 'docker', endpoint: 'unix:///var/run/docker.sock' });

describe('Docker builder engine: mode', () => {
  it('builds with BuildKit on a Linux Engine with API 1.39 or later, else with the classic builder', () => {
    expect(buildModeOf({ ApiVersion: '1.41', Os: 'linux' })).toBe('buildkit');
    expect(buildModeOf({ ApiVersion: '1.39', Os: 'linux' })).toBe('buildkit');
    expect(buildModeOf({ ApiVersion: '2.0', Os: 'linux' })).toBe('buildkit');
    expect(buildModeOf({ ApiVersion: '1.38', Os: 'linux' })).toBe('classic');
    expect(buildModeOf({ ApiVersion: '1.41', Os: 'windows' })).toBe('classic');
  });
});

describe('Docker builder engine: classic builder', () => {
  const builder = new DockerBuilder(docker, {}, 'classic');
  const contexts = new Contexts();

  beforeAll(async () => {
    await ensureTestImages(docker);
  }, 120_000);

  afterAll(async () => {
    await contexts.cleanup();
  });

  it('refuses a request with secrets, naming the field, and builds nothing', async () => {
    const dir = contexts.make({ Dockerfile: `FROM ${BASE}\nRUN --mount=type=secret,id=token true\n` });
    const tag = contexts.tag();
    const err = await builder
      .build(call(), request(dir, tag, { secrets: { token: 'value-never-sent' } }), collect())
      .catch((e: unknown) => e);
    expect(isProviderError(err, 'invalid_spec')).toBe(true);
    expect((err as Error).message).toMatch(/secrets: .*classic builder.*cannot mount build secrets/);
    expect((err as Error).message).not.toContain('value-never-sent');
    await expect(docker.getImage(tag).inspect()).rejects.toMatchObject({ statusCode: 404 });
  });

  it('counts steps and cached steps, and applies the CPU and memory limits to each step', async () => {
    const dir = contexts.make({
      Dockerfile: [
        `FROM ${BASE}`,
        `RUN echo run ${Date.now()}`,
        'RUN cat /sys/fs/cgroup/memory/memory.limit_in_bytes /sys/fs/cgroup/cpu/cpu.cfs_quota_us',
        '',
      ].join('\n'),
    });
    const tag = contexts.tag();
    const sink = collect();
    const first = await builder.build(call(), request(dir, tag, { memoryMb: 64, cpuMillis: 500 }), sink);
    expect(first.steps).toBe(2);
    expect(first.imageId).toBe((await docker.getImage(tag).inspect()).Id);
    const lines = sink.lines.map((l) => l.line.trim());
    expect(lines).toContain(String(64 * 1024 * 1024));
    expect(lines).toContain('50000');
    const again = await builder.build(call(), request(dir, tag, { memoryMb: 64, cpuMillis: 500 }), collect());
    expect(again.cachedSteps).toBe(2);
  }, 120_000);

  it('fails naming the step and its last words, leaving no step container', async () => {
    const nonce = `classic-${Date.now()}`;
    const dir = contexts.make({
      Dockerfile: [
        `FROM ${BASE}`,
        `RUN echo ${nonce}`,
        `RUN printf 'ld: cannot find -l%s\\n' "missing" && exit 2`,
        '',
      ].join('\n'),
    });
    const err = await builder.build(call(), request(dir, contexts.tag()), collect()).catch((e: unknown) => e);
    expect(isProviderError(err, 'build_failed')).toBe(true);
    const message = (err as Error).message;
    expect(message).toContain("step 3 RUN printf 'ld: cannot find");
    expect(message).toContain('ld: cannot find -lmissing');
    const left = await docker.listContainers({ all: true });
    expect(left.filter((c) => c.Command.includes('cannot find'))).toEqual([]);
  }, 120_000);
});
