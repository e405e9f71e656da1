/**
 * `wheelhouse deploy --from DIR` end to end, as a user runs it (issue 33):
 * the real CLI (a subprocess) packs a directory holding a two-stage
 * Dockerfile (FROM the local busybox test images), the server stores it, the
 * real Docker Engine builds it with BuildKit, and the image is rolled out as a
 * new release of a routed service behind the real HAProxy edge. Checked where
 * it lands: the route answers with the built content (under load, with no
 * failed request across the build and the roll-out), the running container
 * runs the built image, and the build records the release, the digest and
 * the archive's sha256 the CLI printed.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, localIdOf, query } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import {
  EdgeInstanceRoutes,
  type EdgeSession,
  endEdgeSession,
  failures,
  get,
  HAPROXY,
  provisionRouted,
  startEdgeSession,
  startLoad,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const run = (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));
const docker = new Dockerode();

describe.runIf(run)('deploy --from: a directory built and serving through its route', () => {
  let s: EdgeSession | undefined;
  let instanceId: string | undefined;
  let url: string;

  beforeAll(async () => {
    const builds = {
      builder: undefined,
      registry: undefined,
      concurrency: 1,
      gitAllowLocal: false,
      archiveMaxBytes: 8 << 20,
    };
    s = await startEdgeSession('wh-build-route-', { builds });
    instanceId = await provisionRouted(s.app, s.token, { name: 'shop' });
    const r = await query(s.app.url, s.token, EdgeInstanceRoutes, { id: instanceId });
    url = r.instance!.routes[0]!.url;
  }, 180_000);

  afterAll(async () => {
    if (run)
      await endEdgeSession({
        app: s?.app,
        token: s?.token,
        provider: s?.provider,
        dataDir: s?.dataDir ?? '',
        instanceId,
        dir: s?.dir,
      });
  }, 60_000);

  it('builds the directory, rolls it out and answers with the new content, dropping no request', async () => {
    // The content is unique to this run, so what the route answers can only come from this build.
    const content = `shop, built from source ${Date.now()}\n`;
    const { app, token, dir, env } = s!;
    const site = join(dir, 'site');
    await mkdir(join(site, 'content'), { recursive: true });
    await writeFile(join(site, 'content', 'index.html'), content);
    await writeFile(join(site, 'notes.md'), 'not part of the image\n');
    await writeFile(join(site, '.dockerignore'), 'notes.md\n');
    await writeFile(
      join(site, 'Dockerfile'),
      [
        `FROM ${TEST_IMAGES.tool} AS build`,
        'COPY content/ /out/',
        'RUN test -f /out/index.html',
        `FROM ${TEST_IMAGES.web1}`,
        'COPY --from=build /out/index.html /www/index.html',
        '',
      ].join('\n'),
    );
    expect((await get(url)).body).toBe('web v1\n');

    const load = startLoad(url, 4);
    await new Promise((r) => setTimeout(r, 500));
    const cli = await runCli(['deploy', 'shop', '--from', './site'], {
      cwd: dir,
      env,
    });
    const endedAt = Date.now();
    await new Promise((r) => setTimeout(r, 2500));
    const samples = await load.stop();

    expect(cli.code, `${cli.stdout}\n${cli.stderr}`).toBe(0);
    // The CLI said what it packed (the .dockerignore'd file left out), showed the build live, and its end.
    // (The packing and upload lines are progress: on stderr, so stdout stays the build's own.)
    expect(cli.stderr).toMatch(/context \.\/site: 3 files/);
    const packed = /packed, sha256:([0-9a-f]{12})\)/.exec(cli.stderr)?.[1];
    expect(packed).toBeTruthy();
    expect(cli.stdout).toMatch(/RUN test -f \/out\/index\.html/);
    expect(cli.stdout).toMatch(/build \S+ SUCCEEDED: image /);
    expect(cli.stdout).toMatch(/DEPLOY SUCCEEDED/);

    // Through the route: the new content, and nothing failed while the build ran and the release rolled out.
    expect(failures(samples)).toEqual([]);
    expect(samples.some((s) => s.body === 'web v1\n')).toBe(true);
    const after = samples.filter((s) => s.start > endedAt + 1000);
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after.map((s) => s.body))).toEqual(new Set([content]));
    expect((await get(url)).body).toBe(content);

    // The build's record: its source (the archive the CLI packed), its digest, and the release it made current.
    const { instance: i } = await gql(
      app,
      token,
      `query($id: ID!) { instance(id: $id) {
         currentRelease { id snapshots { name image } }
         builds(first: 5) { edges { node { status image imageDigest release { id } source { kind archiveSha256 } } } } } }`,
      { id: instanceId },
    );
    expect(i.builds.edges).toHaveLength(1);
    const build = i.builds.edges[0].node;
    expect(build.status).toBe('SUCCEEDED');
    expect(build.source.kind).toBe('ARCHIVE');
    expect(build.source.archiveSha256).toMatch(new RegExp(`^${packed}[0-9a-f]{52}$`));
    expect(build.release.id).toBe(i.currentRelease.id);
    expect(i.currentRelease.snapshots.find((s: { name: string }) => s.name === 'web').image).toBe(build.image);
    // On the engine: every web container runs exactly the image the build recorded.
    const image = await docker.getImage(build.image).inspect();
    expect(build.imageDigest).toBe(image.Id);
    const web = await docker.listContainers({
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId!)}`, 'wheelhouse.service=web'] },
    });
    expect(web.length).toBeGreaterThan(0);
    expect(web.map((c) => c.ImageID)).toEqual(web.map(() => image.Id));
  }, 300_000);
});
