/**
 * Builds from source: a cached rebuild of a two-stage Dockerfile through the
 * Docker provider's builder engine (context tar, BuildKit session, trace
 * decoding, step counting), median of 5, against the same rebuild asked of
 * the same Engine's BuildKit directly (`tar | curl POST /build?version=2`:
 * `DOCKER_BUILDKIT=1 docker build` needs buildx since Docker 23, which the
 * machine's CLI lacks), alternated in the same run. Both caches are primed first, so the figure is the engine's overhead
 * around BuildKit, not the build itself. The context is FROM the local test
 * image (nothing is pulled).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Dockerode from 'dockerode';
import type { BuildRequest } from '../../src/providers/builds.js';
import { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { ensureTestImages, TEST_IMAGES } from '../../test/support/docker-images.js';
import { type BenchRow, fmt, median, ratio } from '../support.js';

const RUNS = 5;
const run = promisify(execFile);

const DOCKERFILE = [
  `FROM ${TEST_IMAGES.tool} AS build`,
  'COPY src /src',
  'RUN mkdir /out && cat /src/* > /out/all.txt',
  `FROM ${TEST_IMAGES.tool}`,
  'COPY --from=build /out /out',
  'COPY app.txt /app.txt',
  'RUN cat /app.txt > /copy.txt',
  '',
].join('\n');

export async function buildRows(): Promise<BenchRow[]> {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  await ensureTestImages(docker);
  const builder = new DockerProvider({}).engines.builder;
  if (!builder) throw new Error('the Docker provider has no builder engine');
  const dir = mkdtempSync(join(tmpdir(), 'wh-bench-build-'));
  const ours = 'wheelhouse-bench/build:engine';
  const theirs = 'wheelhouse-bench/build:cli';
  try {
    writeFileSync(join(dir, 'Dockerfile'), DOCKERFILE);
    writeFileSync(join(dir, 'app.txt'), 'bench app\n');
    writeSources(dir);
    const req: BuildRequest = {
      contextDir: dir,
      dockerfile: 'Dockerfile',
      args: {},
      secrets: {},
      timeoutMs: 120_000,
      tag: ours,
      push: false,
      labels: {},
    };
    const engineBuild = async () => {
      const t0 = performance.now();
      const r = await builder.build({}, req, { line: () => undefined });
      return { ms: performance.now() - t0, cached: r.cachedSteps, steps: r.steps };
    };
    // `docker build` needs buildx for BuildKit since Docker 23 (this machine's CLI is 28, without buildx), so the
    // baseline is the Engine's own BuildKit build called directly: the context tarred by tar(1) and posted by curl.
    const cliBuild = async () => {
      const t0 = performance.now();
      const { stdout } = await run('sh', [
        '-c',
        'tar -cf - -C "$1" . | curl -sS --fail --unix-socket /var/run/docker.sock -X POST ' +
          '-H \'Content-Type: application/x-tar\' --data-binary @- "http://localhost/build?version=2&t=$2"',
        'sh',
        dir,
        theirs,
      ]);
      if (stdout.includes('"error"')) throw new Error(`the direct build failed: ${stdout.slice(-500)}`);
      return performance.now() - t0;
    };
    // Prime both caches (and the engine's mode detection).
    await engineBuild();
    await cliBuild();
    const a: number[] = [];
    const b: number[] = [];
    let cachedNote = '';
    for (let i = 0; i < RUNS; i++) {
      const r = await engineBuild();
      a.push(r.ms);
      cachedNote = `${r.cached} of ${r.steps} steps cached`;
      b.push(await cliBuild());
    }
    const ma = median(a);
    const mb = median(b);
    return [
      {
        figure: 'cached rebuild, two-stage Dockerfile, median of 5 (ms)',
        value: fmt(ma, 0),
        baseline: `${fmt(mb, 0)} (POST /build?version=2 by curl)`,
        ratio: ratio(ma / mb),
        goal: '≤ 1.2×',
        met: ma / mb <= 1.2,
        notes: [
          `engine runs (ms): ${a.map((x) => x.toFixed(0)).join(', ')} (${cachedNote})`,
          `direct BuildKit runs (ms): ${b.map((x) => x.toFixed(0)).join(', ')}`,
        ],
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    for (const tag of [ours, theirs])
      await docker
        .getImage(tag)
        .remove()
        .catch(() => undefined);
  }
}

/** A small source tree for the first stage. */
function writeSources(dir: string): void {
  const src = join(dir, 'src');
  mkdirSync(src);
  for (let i = 0; i < 20; i++) writeFileSync(join(src, `part${i}.txt`), `part ${i}\n`.repeat(50));
}
