/**
 * The Docker provider's builder engine on the real Engine (BuildKit through
 * dockerd's API) and a real registry: a two-stage build, its labels, the
 * cache on a rebuild and after a one-file change, a failing step's error,
 * `.dockerignore`, and a push whose digest the registry confirms.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildEngine } from '../../src/providers/builds.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { isProviderError, type ProviderError } from '../../src/providers/provider-errors.js';
import { startRegistry, type TestRegistry } from '../support/registry.js';
import { BASE, Contexts, collect, docker, dockerBuilder, request, stepsOf } from './docker-build-fixture.js';

const TWO_STAGE = [
  `FROM ${BASE} AS build`,
  'RUN mkdir /out && echo compiled > /out/bin.txt',
  'RUN echo second > /out/second.txt',
  `FROM ${BASE}`,
  'COPY --from=build /out /out',
  'COPY app.txt /app.txt',
  'RUN cat /app.txt /out/bin.txt > /both.txt && echo ran-last-step',
  '',
].join('\n');

/** The steps' own output lines (not the `#n` headers, which quote the Dockerfile). */
const output = (sink: ReturnType<typeof collect>) =>
  sink.lines.filter((l) => !l.line.startsWith('#')).map((l) => l.line);

describe('Docker builder engine', () => {
  let builder: BuildEngine;
  let registry: TestRegistry;
  const contexts = new Contexts();
  const ctx = {};

  beforeAll(async () => {
    builder = await dockerBuilder();
    registry = await startRegistry();
  }, 120_000);

  afterAll(async () => {
    await contexts.cleanup();
    await registry?.stop();
  });

  it('builds a two-stage Dockerfile with its labels, answers a rebuild from the cache, and rebuilds only from a changed layer', async () => {
    const dir = contexts.make({ Dockerfile: TWO_STAGE, 'app.txt': `app ${Date.now()}\n` });
    const tag = contexts.tag();
    const labels = { 'dev.wheelhouse.service': 'web', 'dev.wheelhouse.source': 'test' };

    const first = collect();
    const built = await builder.build(ctx, request(dir, tag, { labels }), first);
    expect(builder.mode).toBe('buildkit');
    expect(built.steps).toBe(5);
    expect(built.image).toBe(tag);
    expect(first.text()).toContain('ran-last-step');
    // Lines of a step carry its number, the same as its header's.
    const ran = first.lines.find((l) => l.line === 'ran-last-step');
    const header = first.lines.find((l) => /^#\d+ \[stage-1 4\/4\] RUN cat/.test(l.line));
    expect(ran?.step).toBeDefined();
    expect(ran?.step).toBe(header?.step);

    const image = await docker.getImage(tag).inspect();
    expect(image.Id).toBe(built.imageId);
    expect(image.Config.Labels).toMatchObject(labels);

    const again = collect();
    const rebuilt = await builder.build(ctx, request(dir, tag, { labels }), again);
    expect(rebuilt.steps).toBe(built.steps);
    expect(rebuilt.cachedSteps).toBeGreaterThanOrEqual(Math.ceil(rebuilt.steps * 0.8));
    expect(rebuilt.imageId).toBe(built.imageId);
    expect(output(again)).not.toContain('ran-last-step');

    writeFileSync(join(dir, 'app.txt'), `changed ${Date.now()}\n`);
    const changed = collect();
    const third = await builder.build(ctx, request(dir, tag, { labels }), changed);
    expect(third.imageId).not.toBe(built.imageId);
    const rerun = stepsOf(changed.lines)
      .filter((s) => !s.cached)
      .map((s) => s.name);
    expect(rerun).toEqual(['[stage-1 3/4] COPY app.txt /app.txt', expect.stringMatching(/^\[stage-1 4\/4\] RUN cat/)]);
    expect(third.cachedSteps).toBe(third.steps - 2);
    expect(output(changed)).toContain('ran-last-step');
  }, 180_000);

  it('fails at the failing step with its number and the command’s own last words', async () => {
    const dir = contexts.make({
      Dockerfile: [
        `FROM ${BASE}`,
        // Unique per run, so the step runs (and speaks) instead of answering from an earlier run's cache.
        `RUN echo step-two-ok ${Date.now()}`,
        // The words come from the output only (printf assembles them), not from the command the error quotes.
        `RUN printf 'main.c:%d:14: error: expected %s\\n' 3 "';' before '}' token" >&2 && exit 3`,
        'RUN echo never-reached',
        '',
      ].join('\n'),
    });
    const sink = collect();
    const err = await builder.build(ctx, request(dir, contexts.tag()), sink).catch((e: unknown) => e);
    expect(isProviderError(err, 'build_failed')).toBe(true);
    const message = (err as ProviderError).message;
    expect(message).toContain('[3/4] RUN printf');
    expect(message).toContain("main.c:3:14: error: expected ';' before '}' token");
    expect(message).toMatch(/exit code: 3/);
    expect(output(sink).join('\n')).toContain('step-two-ok');
    expect(output(sink).join('\n')).not.toContain('never-reached');
  }, 120_000);

  it('sends the context without what .dockerignore excludes, and the Dockerfile even when it is listed', async () => {
    const dir = contexts.make({
      Dockerfile: [`FROM ${BASE}`, 'COPY . /ctx', 'RUN ls -a /ctx /ctx/docs', ''].join('\n'),
      '.dockerignore': ['# build output', 'dist', '*.log', 'docs/*', '!docs/keep.md', 'Dockerfile', ''].join('\n'),
      // Unique per run: the COPY (and the listing after it) runs instead of answering from the cache.
      'kept.txt': `k ${Date.now()}`,
      'debug.log': 'l',
      'dist/out.bin': 'b',
      'docs/keep.md': 'm',
      'docs/drop.md': 'd',
    });
    const sink = collect();
    await builder.build(ctx, request(dir, contexts.tag()), sink);
    const listed = sink.lines.filter((l) => !l.line.startsWith('#')).map((l) => l.line.trim());
    expect(listed).toContain('kept.txt');
    expect(listed).toContain('keep.md');
    expect(listed).not.toContain('debug.log');
    expect(listed).not.toContain('dist');
    expect(listed).not.toContain('drop.md');
  }, 120_000);

  it('pushes to a registry and returns the manifest digest the registry serves', async () => {
    const dir = contexts.make({ Dockerfile: `FROM ${BASE}\nRUN echo pushed > /pushed.txt\n` });
    const repo = 'wh/test/web';
    const tag = contexts.tag(`${registry.host}/${repo}`);
    const sink = collect();
    const result = await builder.build(ctx, request(dir, tag, { push: true }), sink);
    const version = tag.slice(tag.lastIndexOf(':') + 1);
    expect(await registry.tags(repo)).toContain(version);
    expect(result.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await registry.manifestDigest(repo, version)).toBe(result.digest);
    expect(result.imageId).toBe((await docker.getImage(tag).inspect()).Id);
  }, 120_000);

  it('says that BuildKit does not apply the CPU and memory limits it was given', async () => {
    const dir = contexts.make({ Dockerfile: `FROM ${BASE}\nRUN true\n` });
    const limited = collect();
    await builder.build(ctx, request(dir, contexts.tag(), { cpuMillis: 500, memoryMb: 64 }), limited);
    const note = 'note: BuildKit on this Docker Engine does not apply CPU or memory limits to build steps';
    expect(limited.lines).toContainEqual({ line: note });
    const unlimited = collect();
    await builder.build(ctx, request(dir, contexts.tag()), unlimited);
    expect(unlimited.lines).not.toContainEqual({ line: note });
  }, 120_000);

  it('fails as unavailable, naming the socket, when the Engine cannot be reached', async () => {
    const socketPath = '/nonexistent/wheelhouse/docker.sock';
    const unreachable = new DockerProvider({ socketPath }).engines.builder;
    const dir = contexts.make({ Dockerfile: `FROM ${BASE}\n` });
    const err = await unreachable?.build(ctx, request(dir, contexts.tag()), collect()).catch((e: unknown) => e);
    expect(isProviderError(err, 'unavailable')).toBe(true);
    expect((err as Error).message).toContain(socketPath);
  });

  it('refuses a push the registry cannot take, as a failed build naming the push', async () => {
    const dir = contexts.make({ Dockerfile: `FROM ${BASE}\nRUN echo x > /x\n` });
    // A port nothing listens on: the registry is unreachable.
    const tag = contexts.tag('127.0.0.1:9/wh/test/unreachable');
    const err = await builder.build(ctx, request(dir, tag, { push: true }), collect()).catch((e: unknown) => e);
    expect(isProviderError(err, 'build_failed')).toBe(true);
    expect((err as Error).message).toContain(`pushing ${tag} failed`);
  }, 120_000);
});
