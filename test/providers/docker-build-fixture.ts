/**
 * What the builder engine's tests share: the Docker provider's `builder`
 * engine on the local Engine (through the provider's call mapping, as the
 * worker will call it), build contexts in temp directories FROM the local
 * busybox test image, a sink that keeps every line, and the cleanup of the
 * images a test tagged.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Dockerode from 'dockerode';
import type { BuildEngine, BuildOutputLine, BuildRequest, BuildSink } from '../../src/providers/builds.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { ensureTestImages, FAST_DOCKER_OPTIONS, TEST_IMAGES } from '../support/docker-images.js';

export const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });

/** The base image of every test Dockerfile (local: nothing is pulled). */
export const BASE = TEST_IMAGES.tool;

/** The Docker provider's builder engine, test images built. */
export async function dockerBuilder(): Promise<BuildEngine> {
  await ensureTestImages(docker);
  const builder = new DockerProvider(FAST_DOCKER_OPTIONS).engines.builder;
  if (!builder) throw new Error('the Docker provider has no builder engine');
  return builder;
}

/** A build context directory holding `files` (path → content); removed by `cleanup`. */
export class Contexts {
  readonly #dirs: string[] = [];
  readonly #tags: string[] = [];

  make(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'wh-build-'));
    this.#dirs.push(dir);
    write(dir, files);
    return dir;
  }

  /** A fresh local tag, removed from the Engine by `cleanup`. */
  tag(repo = 'wheelhouse-test/build'): string {
    const tag = `${repo}:${randomUUID().slice(0, 8)}`;
    this.#tags.push(tag);
    return tag;
  }

  async cleanup(): Promise<void> {
    for (const tag of this.#tags)
      await docker
        .getImage(tag)
        .remove({ force: true })
        .catch(() => undefined);
    for (const dir of this.#dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes `files` (path → content) under `dir`. */
export function write(dir: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
}

/** A request for `contextDir`'s Dockerfile with nothing else set. */
export function request(contextDir: string, tag: string, extra: Partial<BuildRequest> = {}): BuildRequest {
  return {
    contextDir,
    dockerfile: 'Dockerfile',
    args: {},
    secrets: {},
    timeoutMs: 120_000,
    tag,
    push: false,
    labels: {},
    ...extra,
  };
}

/** A sink that keeps every line. */
export function collect(): BuildSink & { lines: BuildOutputLine[]; text(): string } {
  const lines: BuildOutputLine[] = [];
  return { lines, line: (l) => lines.push(l), text: () => lines.map((l) => l.line).join('\n') };
}

/** The instruction steps of a build (`[stage n/m] NAME`) by header number, with whether each was CACHED. */
export function stepsOf(lines: readonly BuildOutputLine[]): Array<{ name: string; cached: boolean }> {
  const byStep = new Map<number, { name: string; cached: boolean }>();
  for (const { line } of lines) {
    const header = /^#(\d+) (\[\S+ \d+\/\d+\] .*|\[\d+\/\d+\] .*)$/.exec(line);
    if (header && !/\] FROM /.test(header[2] ?? ''))
      byStep.set(Number(header[1]), { name: header[2] ?? '', cached: false });
    const cached = /^#(\d+) CACHED$/.exec(line);
    const s = cached && byStep.get(Number(cached[1]));
    if (s) s.cached = true;
  }
  return [...byStep.values()];
}

/** Host processes whose command line contains `needle` (their pids). */
export function processesWith(needle: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmdline.includes(needle)) found.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}
